import { ImportFileError } from './import-error.ts';

/**
 * A small push tokenizer for the XML parts of an xlsx (workbook, relationships, styles, shared strings, sheets): fed
 * decoded text chunk by chunk, it reports open tags (with attributes), close tags and text. It keeps only the
 * unfinished tail of the last chunk, so memory does not grow with the part's size; a single tag or text run longer
 * than MAX_TOKEN is refused. No DTD is accepted (no entity definitions to expand).
 */
export interface XmlHandler {
  open(name: string, attrs: Record<string, string>, selfClosing: boolean): void;
  close(name: string): void;
  text(text: string): void;
}

/**
 * Markup (a tag, comment or CDATA section) longer than this is refused: xlsx tags are short, and the unfinished tail is
 * rescanned with every chunk. Text is handed on as it arrives, so a long cell never waits in the tail.
 */
const MAX_TOKEN = 64 * 1024;
/** The longest entity or character reference (&#x10FFFF;) a chunk may end inside. */
const MAX_ENTITY = 12;
const BAD = '文件不是有效的 Excel（.xlsx）文件或已损坏，请使用下载的模板';

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML entities and character references; anything else is left as written. */
export function decodeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (m, e: string) => {
    if (e[0] !== '#') return ENTITIES[e] ?? m;
    const code = e[1] === 'x' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** The local part of a (possibly prefixed) name: x:row → row. */
const local = (name: string) => {
  const i = name.indexOf(':');
  return i < 0 ? name : name.slice(i + 1);
};

const isSpace = (c: string) => c === ' ' || c === '\n' || c === '\r' || c === '\t';

/**
 * name="value" pairs of a tag's inside, in one pass (no backtracking regular expression: a tag of hostile text costs
 * its length, not its square). Anything that is not a well-formed pair refuses the file.
 */
function parseAttrs(inner: string, from: number): Record<string, string> {
  const attrs: Record<string, string> = {};
  let i = from;
  const n = inner.length;
  for (;;) {
    while (i < n && isSpace(inner[i])) i++;
    if (i >= n) return attrs;
    const start = i;
    while (i < n && inner[i] !== '=' && !isSpace(inner[i])) i++;
    const name = inner.slice(start, i);
    while (i < n && isSpace(inner[i])) i++;
    if (!name || inner[i] !== '=') throw new ImportFileError(BAD);
    i++;
    while (i < n && isSpace(inner[i])) i++;
    const q = inner[i];
    if (q !== '"' && q !== "'") throw new ImportFileError(BAD);
    const close = inner.indexOf(q, i + 1);
    if (close < 0) throw new ImportFileError(BAD);
    attrs[local(name)] = decodeXml(inner.slice(i + 1, close));
    i = close + 1;
  }
}

export class XmlScanner {
  private tail = '';

  constructor(private readonly h: XmlHandler) {}

  push(chunk: string) {
    const s = this.tail + chunk;
    let i = 0;
    const n = s.length;
    while (i < n) {
      const lt = s.indexOf('<', i);
      if (lt < 0) {
        // Text up to the end of the chunk: report it now unless it may end inside an entity.
        const amp = s.lastIndexOf('&');
        const cut = amp >= i && amp > n - MAX_ENTITY && s.indexOf(';', amp) < 0 ? amp : n;
        if (cut > i) this.h.text(decodeXml(s.slice(i, cut)));
        i = cut;
        break;
      }
      if (lt > i) this.h.text(decodeXml(s.slice(i, lt)));
      i = lt;
      const end = this.tagEnd(s, i);
      if (end < 0) break; // the tag continues in the next chunk
      this.tag(s, i, end);
      i = end + 1;
    }
    this.tail = s.slice(i);
    if (this.tail.length > MAX_TOKEN) throw new ImportFileError(BAD);
  }

  /** The end of everything fed: an unfinished tag is a damaged file. */
  end() {
    if (this.tail.trim()) throw new ImportFileError(BAD);
  }

  /** Index of the `>` closing the markup starting at `i` (comments, CDATA and quoted attribute values respected). */
  private tagEnd(s: string, i: number): number {
    if (s.startsWith('<!--', i)) {
      const e = s.indexOf('-->', i + 4);
      return e < 0 ? -1 : e + 2;
    }
    if (s.startsWith('<![CDATA[', i)) {
      const e = s.indexOf(']]>', i + 9);
      return e < 0 ? -1 : e + 2;
    }
    let quote = '';
    for (let j = i + 1; j < s.length; j++) {
      const c = s[j];
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>') return j;
    }
    return -1;
  }

  private tag(s: string, start: number, end: number) {
    if (end - start > MAX_TOKEN) throw new ImportFileError(BAD);
    const body = s.slice(start + 1, end);
    if (body.startsWith('?') || body.startsWith('!--')) return;
    if (body.startsWith('![CDATA[')) {
      this.h.text(body.slice(8, -2));
      return;
    }
    if (body.startsWith('!')) throw new ImportFileError(BAD); // DOCTYPE / ENTITY: never in an xlsx
    if (body.startsWith('/')) {
      this.h.close(local(body.slice(1).trim()));
      return;
    }
    const selfClosing = body.endsWith('/');
    const inner = selfClosing ? body.slice(0, -1) : body;
    const m = /^[^\s/]+/.exec(inner);
    if (!m) throw new ImportFileError(BAD);
    const attrs = inner.length > m[0].length ? parseAttrs(inner, m[0].length) : {};
    const name = local(m[0]);
    this.h.open(name, attrs, selfClosing);
    if (selfClosing) this.h.close(name);
  }
}
