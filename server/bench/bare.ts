/**
 * The ceiling for lists.bench.ts: a bare Fastify server (no plugins, no database, no auth) answering a fixed
 * success envelope of a ten-row page. Started as a child process on 127.0.0.1:$PORT.
 */
import Fastify from 'fastify';

const rows = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, orderNo: `BJ2026112200000000${i}`, status: 50 }));
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ code: 200, message: 'ok', result: { records: rows, total: 10 } }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 3132) });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
