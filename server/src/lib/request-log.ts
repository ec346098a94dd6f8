import type { App } from './app-type.ts';
import { redactUrl } from './log-redact.ts';

/**
 * One log line per request, written when the answer has gone (fastify's own two lines, "incoming request" and
 * "request completed", are off: `disableRequestLogging` in app.ts). The line carries the request id (reqId, bound to
 * req.log), method, URL (private query values replaced: log-redact.ts), status and the time to answer in ms; warnings
 * and errors of the request carry the same reqId.
 */
export function registerRequestLog(app: App) {
  app.addHook('onResponse', (req, reply, done) => {
    req.log.info(
      {
        method: req.method,
        url: redactUrl(req.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: req.ip,
      },
      'request completed',
    );
    done();
  });
}
