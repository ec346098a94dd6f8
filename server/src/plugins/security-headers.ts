import helmet from 'helmet';
import type { App } from '../lib/app-type.ts';

const CSP = 'content-security-policy';

/**
 * Helmet's headers on every answer (docs/security.md, Surface). They never change while the server runs, so they are
 * worked out once at start (helmet run against a recording response) and copied onto each answer: the fastify plugin
 * built helmet's middleware, and parsed the policy's directives, again for every request.
 *
 * The content security policy asks the browser to upgrade insecure requests only when this request came over HTTPS
 * (req.protocol honours TRUST_PROXY and X-Forwarded-Proto): a console served over plain HTTP on a host name (an
 * intranet install, compose's port 80) would otherwise have every script and call upgraded to an https:// nobody
 * serves, and show a blank page.
 */
export async function registerSecurityHeaders(app: App) {
  const headers = helmetHeaders();
  const httpsHeaders = headers.map(([k, v]): [string, string] =>
    k === CSP ? [k, `${v};upgrade-insecure-requests`] : [k, v],
  );
  app.addHook('onRequest', (req, reply, done) => {
    const raw = reply.raw;
    for (const [k, v] of req.protocol === 'https' ? httpsHeaders : headers) raw.setHeader(k, v);
    raw.removeHeader('x-powered-by');
    done();
  });
}

/** The headers helmet sets with this policy, names in lower case. */
export function helmetHeaders(): [string, string][] {
  const out = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) => out.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => out.delete(name.toLowerCase()),
  };
  let failed: unknown;
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...uploadOrigin()],
        // Videos from an object store (S3_PUBLIC_URL, https in production; an http MinIO in development).
        mediaSrc: ["'self'", 'blob:', 'https:', ...uploadOrigin()],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  })({} as never, recorder as never, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return [...out];
}

/** The origin of S3_PUBLIC_URL when uploads go to an object store, for the page's content policy. */
function uploadOrigin(): string[] {
  if (process.env.UPLOAD_STORAGE !== 's3' || !process.env.S3_PUBLIC_URL) return [];
  try {
    return [new URL(process.env.S3_PUBLIC_URL).origin];
  } catch {
    return []; // a bad URL stops the start in the upload module, with its own message
  }
}
