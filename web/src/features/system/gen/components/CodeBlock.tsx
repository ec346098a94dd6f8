import type { CSSProperties, ReactNode } from 'react';

/** Colours of the token kinds (GitHub light). */
const COLORS = {
  comment: '#6a737d',
  string: '#032f62',
  keyword: '#d73a49',
  number: '#005cc5',
  tag: '#22863a',
} as const;
export type TokenKind = keyof typeof COLORS;

const KEYWORDS =
  'import|export|from|const|let|var|function|return|if|else|for|of|in|new|async|await|type|interface|extends|default|as|true|false|null|undefined|class|throw|try|catch|typeof|void';
/** One pass over TypeScript / TSX: comments, strings and template literals, keywords, numbers, JSX tag names. */
const TOKENS = new RegExp(
  [
    String.raw`(\/\/[^\n]*|\/\*[\s\S]*?\*\/)`,
    String.raw`('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|\`(?:\\[\s\S]|[^\`\\])*\`)`,
    String.raw`\b(${KEYWORDS})\b`,
    String.raw`\b(\d+(?:\.\d+)?)\b`,
    String.raw`(?<=<\/?)([A-Za-z][\w.]*)`,
  ].join('|'),
  'g',
);
const KINDS: TokenKind[] = ['comment', 'string', 'keyword', 'number', 'tag'];

/** Splits source text into plain and highlighted pieces (joined, they are the text again). */
export function tokenize(text: string): { text: string; kind?: TokenKind }[] {
  const out: { text: string; kind?: TokenKind }[] = [];
  let last = 0;
  for (const m of text.matchAll(TOKENS)) {
    const i = m.index ?? 0;
    if (i > last) out.push({ text: text.slice(last, i) });
    const group = m.slice(1).findIndex((g) => g !== undefined);
    out.push({ text: m[0], kind: KINDS[group] });
    last = i + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

/** Generated source with syntax highlighting (React elements only: the text is never parsed as HTML). */
export function CodeBlock({ text, style }: { text: string; style?: CSSProperties }) {
  const parts: ReactNode[] = tokenize(text).map((p, i) =>
    p.kind ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: a static token list, rebuilt whole for each text
      <span key={i} className={`gen-token-${p.kind}`} style={{ color: COLORS[p.kind] }}>
        {p.text}
      </span>
    ) : (
      p.text
    ),
  );
  return (
    <pre style={style} data-testid="gen-code">
      <code>{parts}</code>
    </pre>
  );
}
