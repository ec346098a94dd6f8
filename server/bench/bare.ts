/**
 * The ceilings for lists.bench.ts, answering a fixed success envelope of a ten-row page on 127.0.0.1:$PORT: a bare
 * Node `http` handler (BARE_KIND=node: the issue-22 ceiling) or a bare Fastify server (no plugins, no database, no
 * auth). Started as a child process.
 */
import { createServer } from 'node:http';
import Fastify from 'fastify';

const rows = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, orderNo: `BJ2026112200000000${i}`, status: 50 }));
const port = Number(process.env.PORT ?? 3132);
if (process.env.BARE_KIND === 'node') {
  const server = createServer((_req, res) => {
    const body = JSON.stringify({ code: 200, message: 'ok', result: { records: rows, total: 10 } });
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  server.listen(port, '127.0.0.1');
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
} else {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ code: 200, message: 'ok', result: { records: rows, total: 10 } }));
  await app.listen({ host: '127.0.0.1', port });
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
