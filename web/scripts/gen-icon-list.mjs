#!/usr/bin/env node
// Writes web/src/components/icon-picker/icons-outlined.json, the icon picker's set (docs/spec-notes.md#routes: about
// 280 Outlined icons of @ant-design/icons) as data: name → viewBox and path data, from @ant-design/icons-svg (the
// icons' own source). The picker fetches it when it opens (a hashed, precompressed asset of the build, no
// JavaScript: issue 32). Names: those already in the file, plus any given as arguments.
//   node web/scripts/gen-icon-list.mjs [ExtraOutlined …]
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const file = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/components/icon-picker/icons-outlined.json',
);
const require = createRequire(file);
const names = new Set([...Object.keys(JSON.parse(readFileSync(file, 'utf8'))), ...process.argv.slice(2)]);
const out = {};
for (const name of [...names].sort()) {
  const { icon } = require(`@ant-design/icons-svg/lib/asn/${name}.js`).default;
  // Outlined icons are paths (two carry an empty <defs><style/></defs>, dropped); anything else would need the renderer.
  const paths = icon.children.filter((c) => c.tag === 'path').map((c) => c.attrs.d);
  if (icon.children.some((c) => c.tag !== 'path' && c.tag !== 'defs')) throw new Error(`${name}: not only paths`);
  out[name] = [icon.attrs.viewBox, ...paths];
}
writeFileSync(file, `${JSON.stringify(out)}\n`);
console.log(`${Object.keys(out).length} icons → ${path.relative(process.cwd(), file)}`);
