#!/usr/bin/env node
// The container recipe, checked without a container engine (none runs on the development machine): `npm test`'s
// `containers` step, or `node scripts/check-containers.mjs`.
//   Dockerfile: dockerfile-utils finds no problem; the build arguments REGISTRY (prefix of the base image), NPM_REGISTRY
//     and DEBIAN_MIRROR exist with defaults and are used; every base image is pinned (Node 24 LTS slim on Debian
//     bookworm or trixie at an exact x.y.z); the final stage runs as a user other than root; its HEALTHCHECK probes
//     readiness (/tmpl/api/health/ready).
//   compose.yaml: parses as YAML; the image build passes the three arguments; every third-party image is prefixed by
//     ${REGISTRY…} and pinned to a version; every long-running service has a healthcheck; every service's log is
//     rotated (json-file with max-size and max-file).
// Exit 0 when everything holds; each broken rule is one line.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DockerfileParser } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import YAML from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dockerfile = process.argv[2] ?? path.join(root, 'Dockerfile');
const composeFile = process.argv[3] ?? path.join(root, 'compose.yaml');
const problems = [];
const problem = (where, msg) => problems.push(`${path.relative(root, where) || where}: ${msg}`);
const BUILD_ARGS = ['REGISTRY', 'NPM_REGISTRY', 'DEBIAN_MIRROR'];
/** A tag naming a version (a number first), never `latest`. */
const PINNED_TAG = /^\d+(\.\d+)*(-[a-z0-9.-]+)?$/;
const NODE_TAG = /^24\.\d+\.\d+-(bookworm|trixie)-slim$/;
/** `${REGISTRY}`, spelled so that no linter mistakes it for a template placeholder. */
const REGISTRY_REF = `$${'{'}REGISTRY}`;

/* ---------------- Dockerfile */
const text = readFileSync(dockerfile, 'utf8');
for (const d of validate(text))
  problem(dockerfile, `line ${d.range.start.line + 1}: ${d.message} (dockerfile-utils ${d.code})`);
const ast = DockerfileParser.parse(text);
const instructions = ast.getInstructions();
const froms = instructions.filter((i) => i.getKeyword() === 'FROM');
const firstFrom = froms[0] ? instructions.indexOf(froms[0]) : instructions.length;

/** ARG defaults: the global ones (before the first FROM) and, per stage, the ones declared in it. */
const argDefault = (i) => {
  const [name, ...value] = i.getArgumentsContent().split('=');
  return [
    name.trim(),
    value.length
      ? value
          .join('=')
          .trim()
          .replace(/^"(.*)"$/, '$1')
      : undefined,
  ];
};
const globalArgs = new Map(
  instructions
    .slice(0, firstFrom)
    .filter((i) => i.getKeyword() === 'ARG')
    .map(argDefault),
);
const expand = (s, args) => s.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a, b) => expand(args.get(a ?? b) ?? '', args));
const allArgs = new Map(instructions.filter((i) => i.getKeyword() === 'ARG').map(argDefault));
for (const name of BUILD_ARGS) {
  if (!allArgs.has(name)) problem(dockerfile, `no build argument ${name}`);
  else if (!allArgs.get(name))
    problem(dockerfile, `build argument ${name} has no default (the build must work anywhere)`);
}
const runs = instructions
  .filter((i) => i.getKeyword() === 'RUN')
  .map((i) => i.getArgumentsContent())
  .join('\n');
for (const name of ['NPM_REGISTRY', 'DEBIAN_MIRROR'])
  if (allArgs.has(name) && !runs.includes(`\${${name}}`)) problem(dockerfile, `${name} is declared but no RUN uses it`);

const stages = new Set();
for (const f of froms) {
  const [image, , stage] = f.getArgumentsContent().split(/\s+/);
  if (stage) stages.add(stage);
  if (stages.has(image) && image !== stage) continue; // FROM <an earlier stage>
  const raw = image;
  // Expanded with every argument but REGISTRY (which may come through another, as NODE_IMAGE does): it must lead.
  const keepRegistry = (v) =>
    v.replace(/\$\{(\w+)\}/g, (m, n) => (n === 'REGISTRY' ? m : keepRegistry(globalArgs.get(n) ?? '')));
  if (!keepRegistry(raw).startsWith(`${REGISTRY_REF}/`))
    problem(dockerfile, `FROM ${raw}: the base image is not prefixed by \${REGISTRY}`);
  const resolved = expand(raw, globalArgs);
  const tag = /:([^/:@]+)$/.exec(resolved)?.[1];
  const name = resolved
    .replace(/:[^/:@]+$/, '')
    .split('/')
    .pop();
  if (!tag || !PINNED_TAG.test(tag)) problem(dockerfile, `FROM ${resolved}: not pinned to a version`);
  else if (name === 'node' && !NODE_TAG.test(tag))
    problem(dockerfile, `FROM ${resolved}: expected Node 24 slim on Debian bookworm/trixie at an exact version`);
}

const lastStage = instructions.slice(froms.length ? instructions.indexOf(froms.at(-1)) : 0);
const user = lastStage.filter((i) => i.getKeyword() === 'USER').at(-1);
const who = user?.getArgumentsContent().trim().split(':')[0];
if (!who || who === 'root' || who === '0') problem(dockerfile, `the final stage runs as ${who ?? 'root (no USER)'}`);
const health = lastStage.filter((i) => i.getKeyword() === 'HEALTHCHECK').at(-1);
if (!health) problem(dockerfile, 'the final stage has no HEALTHCHECK');
else if (!health.getArgumentsContent().includes('/tmpl/api/health/ready'))
  problem(dockerfile, 'the HEALTHCHECK does not probe readiness (/tmpl/api/health/ready)');

/* ---------------- compose.yaml */
let compose;
try {
  const doc = YAML.parseDocument(readFileSync(composeFile, 'utf8'), { merge: true });
  if (doc.errors.length) throw doc.errors[0];
  compose = doc.toJS({ maxAliasCount: 1000 });
} catch (err) {
  problem(composeFile, `does not parse as YAML: ${err.message}`);
}
/** `${VAR:-default}` and `${VAR}` as compose would read them with nothing set. */
const composeDefaults = (s) => String(s).replace(/\$\{(\w+)(?::?-([^}]*))?\}/g, (_, _n, d) => d ?? '');
for (const [name, svc] of Object.entries(compose?.services ?? {})) {
  const where = `services.${name}`;
  if (svc.build) {
    const args = svc.build.args ?? {};
    for (const a of BUILD_ARGS)
      if (!(a in args)) problem(composeFile, `${where}.build.args has no ${a} (the Dockerfile's build argument)`);
  } else {
    const image = String(svc.image ?? '');
    if (!image.startsWith(REGISTRY_REF.slice(0, -1)))
      problem(composeFile, `${where}.image ${image}: not prefixed by \${REGISTRY…}`);
    const tag = /:([^/:@]+)$/.exec(composeDefaults(image))?.[1];
    if (!tag || !PINNED_TAG.test(tag)) problem(composeFile, `${where}.image ${image}: not pinned to a version`);
  }
  const oneShot = svc.restart === 'no';
  const hc = svc.healthcheck;
  if (!oneShot && (!hc || hc.disable || !hc.test))
    problem(composeFile, `${where}: a long-running service without a healthcheck`);
  const log = svc.logging;
  if (log?.driver !== 'json-file' || !log.options?.['max-size'] || !log.options?.['max-file'])
    problem(composeFile, `${where}.logging: not json-file with max-size and max-file (logs would grow without bound)`);
}
if (compose && !Object.keys(compose.services ?? {}).length) problem(composeFile, 'no services');

if (problems.length) {
  console.error(`containers: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `containers: Dockerfile (${froms.length} stages, dockerfile-utils clean) and compose.yaml ` +
    `(${Object.keys(compose.services).length} services) follow the rules`,
);
