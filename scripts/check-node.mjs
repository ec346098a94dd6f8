#!/usr/bin/env node
// Refuses an unsupported Node before anything native loads (better-sqlite3 13 crashes on Node 20 instead of saying so).
// Run by `npm install` (preinstall) and imported first by scripts/start.mjs and scripts/test.mjs.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `\n本项目需要 Node.js 24（22.12 及以上亦可），当前为 ${process.version}。\n` +
      `This project needs Node.js 24 LTS (22.12+ works); this is ${process.version}.\n` +
      'Install Node 24 (https://nodejs.org, or `npm install node@24` and put its node_modules/.bin first on PATH), then retry.\n',
  );
  process.exit(1);
}
