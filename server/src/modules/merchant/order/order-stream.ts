import type { ServerResponse } from 'node:http';
import { orderApi } from '@jz/contracts/api/order';
import { busOf } from '../../../lib/order-bus.ts';
import { route } from '../../../lib/route.ts';
import type { App } from '../../types.ts';
import { newestUnreadMessageId } from '../message/message.service.ts';
import { mayFollow, streamEvents } from './order-stream.repo.ts';
import * as repo from './order.repo.ts';

/**
 * GET .../pay/dingdan/stream?ticket=... : server-sent events of the merchant's orders (per shop, or all shops).
 *
 * Authentication: EventSource cannot send headers, so the console first asks `POST .../stream/ticket` with its bearer
 * token (订单接单 or 订单管理) and gets a random ticket valid 60 s and usable ONCE (only its SHA-256 is stored).
 * The bearer token itself never travels in a URL (URLs end up in logs and history).
 *
 * Who: the ticket's user, for the shop it named (or every shop, 'all': never for a shop-limited sub-account), holding
 * 订单接单 or 订单管理 (the ticket's contract). Before any order event is written the user is checked again (active,
 * still holding one of the two, the shop still inside its shop limit: order-stream.repo.ts `mayFollow`); when not, the
 * stream says `event: end` with the reason and closes, so a disabled or re-limited sub-account sees no further order.
 *
 * Events: `hello` (the current waiting count, the last event id, the shop's sound setting), then `order` events with
 * `id:` = the order_event row id, each with what the new-order notification shows (goods, appointment time, the
 * address in short; never the customer's phone or the code). A dropped connection resumes with a new ticket and
 * `Last-Event-ID` (header, or the `lastEventId` query parameter when the client reconnects by hand): every event after
 * that id is replayed from the order_event table, so no order is lost. A comment line every `heartbeatMs` keeps
 * proxies from closing the stream.
 *
 * `message` events (no `id:`, so they never move the resume point): the stream's user has a new unread message
 * (the header's unread count is live for every message, not only order ones). Data: `{ "id": <the newest
 * unread message id> }`; the console then refetches the count. Checked on every wake-up (message.service notifies the
 * merchant's streams through the same bus, after its transaction commits) and every poll.
 */
export const STREAM_DEFAULTS = { heartbeatMs: 15_000, pollMs: 3_000 };
const REPLAY_MARGIN = 50;

/** Registers the stream route from its contract (a raw `stream` answer: the handler writes the events itself). */
export function registerStream(app: App, opts = STREAM_DEFAULTS) {
  const open = new Set<ServerResponse>();
  // Before the server stops accepting: end the long-lived streams, or close() would wait for them forever.
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });

  route(app, orderApi.stream, async (req, reply) => {
    const ticket = await repo.consumeTicket(app.db, req.query.ticket);
    const { merchantId, shopId, userId } = ticket;
    const header = req.headers['last-event-id'];
    const fromHeader = typeof header === 'string' && /^\d+$/.test(header) ? Number(header) : undefined;
    const resumeFrom = fromHeader ?? req.query.lastEventId;
    let last = resumeFrom ?? (await repo.lastEventId(app.db, merchantId));
    // Everything up to here is either replayed history the client already has or older than this connection.
    const floor = last;
    const sent = new Set<number>();

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    open.add(res);
    app.metrics.stream('order', res);
    const write = (s: string) => {
      if (!res.writableEnded) res.write(s);
    };
    write('retry: 3000\n\n');
    write(
      `event: hello\ndata: ${JSON.stringify({
        lastEventId: last,
        waiting: await repo.waitingCount(app.db, merchantId, shopId),
        sound: await repo.soundSetting(app.db, shopId),
        shopId,
      })}\n\n`,
    );

    const reader = busOf(app.db).reader ?? app.db;
    // Messages up to here are counted by the console's first fetch of the header count.
    let lastMessage = (await newestUnreadMessageId(app.db, userId)) ?? 0;
    let running = false;
    let again = false;
    const pump = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          const events = (await streamEvents(reader, merchantId, shopId, Math.max(0, last - REPLAY_MARGIN))).filter(
            (e) => !sent.has(e.id) && e.id > floor,
          );
          if (events.length && !(await mayFollow(app.db, userId, merchantId, shopId))) {
            write(`event: end\ndata: ${JSON.stringify({ reason: 'forbidden' })}\n\n`);
            res.end();
            return;
          }
          for (const e of events) {
            sent.add(e.id);
            if (e.id > last) last = e.id;
            write(`id: ${e.id}\nevent: order\ndata: ${JSON.stringify(e)}\n\n`);
          }
          if (sent.size > 2000) for (const id of [...sent].slice(0, 1000)) sent.delete(id);
          const newest = await newestUnreadMessageId(reader, userId);
          if (newest !== null && newest > lastMessage) {
            lastMessage = newest;
            write(`event: message\ndata: ${JSON.stringify({ id: newest })}\n\n`);
          }
        } while (again && !res.writableEnded);
      } catch (err) {
        req.log.warn({ err }, 'order stream: cannot read events');
      } finally {
        running = false;
        schedulePoll();
      }
    };

    // The poll is the safety net for a lost wake-up: due pollMs after the last read (so an event is never older than
    // that when no notification came), with a little jitter so a hundred streams opened together do not query the
    // database in the same millisecond every few seconds. A busy stream, woken by the bus, never polls at all.
    let poll: NodeJS.Timeout | undefined;
    function schedulePoll() {
      if (res.writableEnded || res.destroyed) return;
      clearTimeout(poll);
      poll = setTimeout(() => void pump(), opts.pollMs * (0.9 + Math.random() * 0.1));
    }
    const unsubscribe = busOf(app.db).subscribe(merchantId, () => void pump());
    const beat = setInterval(() => write(`: ping ${Date.now()}\n\n`), opts.heartbeatMs);
    const stop = () => {
      unsubscribe();
      clearTimeout(poll);
      clearInterval(beat);
      open.delete(res);
    };
    res.on('close', stop);
    await pump();
  });
}
