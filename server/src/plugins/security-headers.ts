import helmet from '@fastify/helmet';
import type { App } from '../lib/app-type.ts';

const CSP = 'content-security-policy';

/**
 * Helmet's headers on every answer (docs/security.md, Surface). The content security policy asks the browser to
 * upgrade insecure requests only when this request came over HTTPS (req.protocol honours TRUST_PROXY and
 * X-Forwarded-Proto): a console served over plain HTTP on a host name (an intranet install, compose's port 80) would
 * otherwise have every script and call upgraded to an https:// nobody serves, and show a blank page.
 */
export async function registerSecurityHeaders(app: App) {
  await app.register(helmet, {
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
  });
  // After helmet's own onRequest hook, which has set the header on the raw response.
  app.addHook('onRequest', (req, reply, done) => {
    const csp = reply.raw.getHeader(CSP);
    if (req.protocol === 'https' && typeof csp === 'string')
      reply.raw.setHeader(CSP, `${csp};upgrade-insecure-requests`);
    done();
  });
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
