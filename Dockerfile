# syntax=docker/dockerfile:1
# 家政商家后台: the release (npm run build) in a small image. docs/operations.md; compose.yaml runs it.
#   docker build -t jiazheng-console --build-arg RELEASE_COMMIT=$(git rev-parse HEAD) .
#   docker run -p 3000:3000 --env-file .env -v jz-data:/data jiazheng-console          (the server)
#   docker run --env-file .env -v jz-data:/data jiazheng-console node /app/server.mjs migrate   (migrate once)
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: every dependency (dev ones too), then the release folder
FROM ${NODE_IMAGE} AS build
WORKDIR /src
# The manifests first, so the dependency layer is reused while they do not change. npm ci runs the preinstall check.
COPY package.json package-lock.json ./
COPY scripts/check-node.mjs scripts/
COPY packages/contracts/package.json packages/contracts/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
ARG RELEASE_COMMIT=""
RUN RELEASE_COMMIT="${RELEASE_COMMIT}" npm run build -- --out /release

# ---- runtime: node and the release, nothing else (no npm install, no compiler, no sources)
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
# The release belongs to root and is read-only to the server; the server writes only to DATA_DIR (uploads, a SQLite
# database) and the system temp folder.
COPY --from=build /release /app
RUN mkdir -p /data && chown node:node /data
USER node
WORKDIR /app
VOLUME ["/data"]
EXPOSE 3000
# Liveness only (no database call): readiness, /tmpl/api/health/ready, is the balancer's business.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/tmpl/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: the server drains (SHUTDOWN_DRAIN_MS), finishes requests in flight and exits; give it that long to stop
# (docker stop -t / compose stop_grace_period).
STOPSIGNAL SIGTERM
CMD ["node", "/app/server.mjs"]
