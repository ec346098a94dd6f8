import './agreement.css';

/**
 * Renders an agreement's rich text. The server sanitises every agreement with sanitizeRichText() before storing it,
 * so the HTML holds no scripts, handlers or javascript: URLs.
 */
export function AgreementContent({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (sanitizeRichText) before storage
  return <div className="jz-agreement-content" dangerouslySetInnerHTML={{ __html: html }} />;
}
