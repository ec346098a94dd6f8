# syntax=docker/dockerfile:1
# 家政商家后台: the release (npm run build) in a small image. docs/operations.md; compose.yaml runs it.
#   docker build -t jiazheng-console --build-arg RELEASE_COMMIT=$(git rev-parse HEAD) .
#   docker run -p 3000:3000 --env-file .env -v jz-data:/data jiazheng-console          (the server)
#   docker run --env-file .env -v jz-data:/data jiazheng-console node /app/server.mjs migrate   (migrate once)
# Behind the Great Firewall, point the three sources at mirrors (docs/operations.md, "Mirrors"), e.g.
#   --build-arg REGISTRY=<mirror>/library --build-arg NPM_REGISTRY=https://registry.npmmirror.com
#   --build-arg DEBIAN_MIRROR=http://mirrors.aliyun.com
# scripts/check-containers.mjs (a step of npm test) lints this file and checks the rules these comments state.

# Where the base images come from: everything before the image name. Docker Hub by default.
ARG REGISTRY=docker.io/library
# Node 24 LTS on Debian 13 (trixie), slim, pinned to a patch release: bump it deliberately (and rebuild) for Node
# security releases.
ARG NODE_VERSION=24.20.0
ARG NODE_IMAGE=${REGISTRY}/node:${NODE_VERSION}-trixie-slim

# ---- build: every dependency (dev ones too), then the release folder
FROM ${NODE_IMAGE} AS build
# The npm registry the dependencies are fetched from (the lockfile's registry.npmjs.org addresses are rewritten to it).
ARG NPM_REGISTRY=https://registry.npmjs.org/
WORKDIR /src
# The manifests first, so the dependency layer is reused while they do not change. npm ci runs the preinstall check.
COPY package.json package-lock.json ./
COPY scripts/check-node.mjs scripts/
COPY packages/contracts/package.json packages/contracts/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund --registry="${NPM_REGISTRY}"
COPY . .
ARG RELEASE_COMMIT=""
RUN RELEASE_COMMIT="${RELEASE_COMMIT}" npm run build -- --out /release

# ---- runtime: node and the release, nothing else (no npm install, no compiler, no sources)
FROM ${NODE_IMAGE} AS runtime
# The Debian mirror for the security updates below: scheme and host, as in http://deb.debian.org (the default).
# http is enough (apt checks the archive's signatures) and needs no CA certificates, which the slim image lacks.
ARG DEBIAN_MIRROR=http://deb.debian.org
# The pinned base is rebuilt upstream only with Node releases: Debian security fixes published since are applied here.
RUN sed -i "s|http://deb.debian.org|${DEBIAN_MIRROR}|g" /etc/apt/sources.list.d/debian.sources \
  && apt-get update \
  && apt-get upgrade -y --no-install-recommends \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
# The release belongs to root and is read-only to the server; the server writes only to DATA_DIR (uploads, a SQLite
# database) and the system temp folder.
COPY --from=build /release /app
# /srv/web: compose's one-shot `web` service copies the release's web files there (a volume nginx serves).
RUN mkdir -p /data /srv/web && chown node:node /data /srv/web
# The unprivileged user of the node image (uid 1000), never root.
USER node
WORKDIR /app
VOLUME ["/data"]
EXPOSE 3000
# Readiness: the database answers and every migration is applied, and not draining. "healthy" is what compose waits
# for before nginx starts; Docker never restarts a container for being unhealthy, so a database outage restarts nothing.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/tmpl/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: the server drains (SHUTDOWN_DRAIN_MS), finishes requests in flight and exits; give it that long to stop
# (docker stop -t / compose stop_grace_period).
STOPSIGNAL SIGTERM
CMD ["node", "/app/server.mjs"]
