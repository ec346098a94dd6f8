import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every reference in a comment resolves inside the repository: no pointer to the product specification or the design
 * notes kept outside the tree ("spec §N", "domain.md"), no tracker number ("issue N"), and every `docs/<file>.md` named
 * exists, with the heading of its `#anchor`. Test titles may name the spec (they say what is proved), but not an issue.
 * The product decisions live in docs/spec-notes.md and docs/decisions.md.
 */
const root = join(import.meta.dirname, '..', '..');
const FOLDERS = [
  'server/src',
  'server/test',
  'server/scripts',
  'server/bench',
  'web/src',
  'web/test',
  'packages',
  'e2e',
  'scripts',
];
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const OUTSIDE = [
  { pattern: /spec §/, what: 'the spec outside the repository (point into docs/spec-notes.md)' },
  { pattern: /(?<![\w-])domain\.md\b/, what: 'design notes outside the repository (point into docs/decisions.md)' },
  { pattern: /\bissues? #?\d+/i, what: 'an issue number (name the doc that records what was built)' },
];
const ISSUE = OUTSIDE[2];
/** `docs/x.md`, `docs/x.md#anchor`, and further anchors of the same page after it: `docs/x.md#a, #b`. */
const DOC_LINK = /docs\/([\w.-]+\.md)((?:#[\w-]+)(?:,\s*#[\w-]+)*)?/g;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

interface Text {
  file: string;
  line: number;
  text: string;
  title: boolean;
}

/** The comments of a file (each once), and the titles of its describe/it/test calls. */
function commentsAndTitles(path: string): Text[] {
  const code = readFileSync(path, 'utf8');
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true, kind);
  const file = relative(root, path);
  const seen = new Set<number>();
  const out: Text[] = [];
  const add = (pos: number, end: number, title: boolean) => {
    const line = source.getLineAndCharacterOfPosition(pos).line + 1;
    out.push({ file, line, text: code.slice(pos, end), title });
  };
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      add(r.pos, r.end, false);
    }
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(code, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(code, node.getEnd()));
    if (
      ts.isCallExpression(node) &&
      /^(describe|it|test)\b/.test(node.expression.getText(source)) &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].getStart(source), node.arguments[0].getEnd(), true);
    }
    // Tokens too (getChildren): JSX comments `{/* … */}` and comments before a closing brace sit on tokens.
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return out;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(doc: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  let fenced = false;
  for (const line of readFileSync(doc, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = counts.get(slug) ?? 0;
    counts.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

// This file names what it refuses.
const self = join(import.meta.dirname, 'references.test.ts');
/**
 * Released migrations keep the bytes they were released with (server/src/db/migrations.sha256, checked by
 * migration-checksums.test.ts), comments included: they are history, read as released.
 */
const RELEASED = new Set(
  readFileSync(join(root, 'server/src/db/migrations.sha256'), 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/)[1])
    .filter(Boolean)
    .map((name) => join(root, 'server/src/db/migrations', name)),
);

const texts = FOLDERS.flatMap((folder) => sourceFiles(join(root, folder)))
  .filter((path) => !RELEASED.has(path))
  .filter((path) => path !== self)
  .flatMap(commentsAndTitles);
const docAnchors = new Map<string, Set<string> | null>();
function anchors(name: string): Set<string> | null {
  if (!docAnchors.has(name)) {
    const path = join(root, 'docs', name);
    docAnchors.set(name, existsSync(path) ? anchorsOf(path) : null);
  }
  return docAnchors.get(name) ?? null;
}

describe('references in comments resolve inside the repository', () => {
  it('scans the comments of every source folder', () => {
    // Guards the scan itself: an empty walk would pass every check below.
    expect(texts.filter((t) => !t.title).length).toBeGreaterThan(1000);
    expect(texts.some((t) => t.text.includes('docs/spec-notes.md#'))).toBe(true);
  });

  it('no comment points to the spec, domain.md or an issue number; no test title names an issue', () => {
    const found = texts.flatMap((t) =>
      (t.title ? [ISSUE] : OUTSIDE)
        .filter((o) => o.pattern.test(t.text))
        .map((o) => `${t.file}:${t.line}: ${o.what}: ${t.text.match(o.pattern)?.[0]}`),
    );
    expect(found).toEqual([]);
  });

  it('every docs/<file>.md named in a comment exists, with the heading of each #anchor', () => {
    const broken: string[] = [];
    for (const t of texts) {
      if (t.title) continue;
      for (const m of t.text.matchAll(DOC_LINK)) {
        const known = anchors(m[1]);
        if (!known) {
          broken.push(`${t.file}:${t.line}: docs/${m[1]} does not exist`);
          continue;
        }
        for (const anchor of m[2]?.match(/#[\w-]+/g) ?? []) {
          if (!known.has(anchor.slice(1))) broken.push(`${t.file}:${t.line}: docs/${m[1]} has no heading ${anchor}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('reads anchors as GitHub makes them', () => {
    expect(anchors('decisions.md')).toContain('orders');
    expect(anchors('decisions.md')).toContain('agreements-messages-licences-couriers');
    expect(anchors('spec-notes.md')).toContain('calls');
  });
});
