const style = { lineHeight: 1.8, overflowWrap: 'anywhere' } as const;

/**
 * Shows stored rich text (shop and goods intros). The server cleans every such text with sanitizeRichText() before
 * storing it, so it holds no scripts, event handlers or javascript: URLs.
 */
export function RichHtml({ html }: { html: string }) {
  const inner = { __html: html };
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (sanitizeRichText) before storage
  return <div className="jz-rich" style={style} dangerouslySetInnerHTML={inner} />;
}
