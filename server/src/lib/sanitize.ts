import sanitizeHtml from 'sanitize-html';

/**
 * Cleans every stored rich text (stored XSS is the classic hole of admin consoles): no script, no event handlers,
 * no javascript: URLs; images, video, tables, colours and pt font sizes survive.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags,
      'img',
      'video',
      'source',
      'span',
      'font',
      'u',
      's',
      'del',
      'ins',
      'sub',
      'sup',
      'h1',
      'h2',
      'hr',
    ],
    allowedAttributes: {
      '*': ['style', 'class', 'data-w-e-type', 'data-w-e-is-void', 'data-w-e-is-inline'],
      a: ['href', 'target', 'rel', 'name'],
      img: ['src', 'alt', 'width', 'height', 'data-href'],
      video: ['src', 'poster', 'controls', 'width', 'height'],
      source: ['src', 'type'],
      td: ['colspan', 'rowspan', 'width'],
      th: ['colspan', 'rowspan', 'width'],
      font: ['color', 'size', 'face'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowedStyles: {
      '*': {
        color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
        'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
        'font-size': [/^\d{1,2}(\.\d)?(pt|px|em|rem|%)$/],
        'font-family': [/^[\w\s,'"\-\u4e00-\u9fa5]+$/],
        'font-weight': [/^(bold|normal|\d{3})$/],
        'text-align': [/^(left|right|center|justify)$/],
        'text-decoration': [/^[a-z\s-]+$/],
        'text-indent': [/^\d+(\.\d+)?(em|px)$/],
        'line-height': [/^[\d.]+(px|em|%)?$/],
        width: [/^\d+(\.\d+)?(px|%)$/],
        height: [/^\d+(\.\d+)?(px|%)$/],
        'padding-left': [/^\d+(\.\d+)?(em|px)$/],
      },
    },
  });
}
