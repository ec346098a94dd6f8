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

/** A tag longer than this, or a text run between two tags (a cell holds at most 32 767 characters, escaped ×6). */
const MAX_TOKEN = 256 * 1024;
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

const ATTR = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

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
        const cut = amp >= i && s.indexOf(';', amp) < 0 ? amp : n;
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
    const attrs: Record<string, string> = {};
    if (inner.length > m[0].length) {
      ATTR.lastIndex = m[0].length;
      for (let a = ATTR.exec(inner); a; a = ATTR.exec(inner)) attrs[local(a[1])] = decodeXml(a[2] ?? a[3] ?? '');
    }
    const name = local(m[0]);
    this.h.open(name, attrs, selfClosing);
    if (selfClosing) this.h.close(name);
  }
}
