import { orderApi } from '@jz/contracts/api/order';
import type { OrderEvent, StreamTicket } from '@jz/contracts/order';
import { useEffect, useSyncExternalStore } from 'react';
import { API_BASE, ApiError } from '../../lib/api-client.ts';
import { callContract } from '../../lib/contract-client.ts';
import { notifyMessagesChanged } from '../message-bell/unread.ts';
import { readAlertPrefs } from '../order-alert/alert-prefs.ts';

/**
 * The console's one live connection to the order stream (server-sent events), shared by the header badge and the
 * order-taking page. EventSource cannot send the Authorization header, so each (re)connection first asks for a
 * one-time ticket with the bearer token; the browser's own auto-reconnect would replay a used ticket, so on any error
 * the connection is closed and reopened by hand with a new ticket and `lastEventId`, and the server replays every
 * event after it (no order is lost while the connection was down).
 *
 * The same stream says when the signed-in user has a new message of any kind (`event: message`, no id: it never moves
 * the resume point): the header's unread count refetches at once (`notifyMessagesChanged`), as it does after each
 * order event and after a reconnect (messages may have arrived meanwhile).
 *
 * Final states (a merchant without a shop asked for a ticket every few seconds, for ever): without a shop
 * the stream is not opened at all; a ticket refused for a reason that waiting does not change (301 no permission,
 * 2002 unknown shop, 2004 no shop yet, 401 signed out) or the server's `event: end` (the user lost the shop or the
 * permission) stops it, until it is acquired for another shop (a created or switched shop) or `retry()` is called.
 * Network errors and 500s are retried.
 */
export interface StreamState {
  connected: boolean;
  /** The shop's newOrderSound setting as the server reported it. */
  sound: boolean;
  /** How many new-order tones were played since the page loaded. */
  beeps: number;
  /** How many times the stream (re)connected. */
  connects: number;
  /** Why the stream gave up for good (the refusal's message), until another shop is acquired. */
  stopped?: string;
}

type Listener = (e: OrderEvent) => void;
export const ORDER_EVENT = 'jz:order-event';

class OrderStream {
  state: StreamState = { connected: false, sound: true, beeps: 0, connects: 0 };
  private es: EventSource | undefined;
  private lastId: number | undefined;
  private refs = 0;
  private shop: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private listeners = new Set<Listener>();
  private watchers = new Set<() => void>();
  private audio: AudioContext | undefined;
  private opening = false;

  subscribe = (fn: () => void) => {
    this.watchers.add(fn);
    return () => void this.watchers.delete(fn);
  };
  snapshot = () => this.state;
  onEvent(fn: Listener) {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }

  /** One more user of the stream for a shop (none: a merchant without a shop, nothing opens); the last release closes. */
  acquire(shopId: number | undefined | null) {
    this.refs++;
    const shop = shopId ?? undefined;
    if (shop !== this.shop) {
      this.shop = shop;
      this.lastId = undefined;
      this.close();
      if (this.state.stopped) this.set({ stopped: undefined });
    }
    if (!this.es && !this.timer && !this.opening) void this.open();
    return () => {
      this.refs--;
      if (this.refs <= 0) {
        this.refs = 0;
        this.close();
      }
    };
  }

  private set(p: Partial<StreamState>) {
    this.state = { ...this.state, ...p };
    for (const w of this.watchers) w();
  }

  private close() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.es?.close();
    this.es = undefined;
    if (this.state.connected) this.set({ connected: false });
  }

  private later(ms: number) {
    if (this.refs <= 0 || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.open();
    }, ms);
  }

  /** Opens again after a final refusal (e.g. the user was given the permission back). */
  retry() {
    if (!this.state.stopped) return;
    this.set({ stopped: undefined });
    if (!this.es && !this.timer && !this.opening) void this.open();
  }

  private async open() {
    if (this.refs <= 0 || this.es || this.shop === undefined || this.state.stopped) return;
    const shop = this.shop;
    let t: StreamTicket | undefined;
    let failure: unknown;
    this.opening = true;
    try {
      t = await callContract(orderApi.streamTicket, { body: {} }, { silentSuccess: true, silentError: true });
    } catch (err) {
      failure = err;
    } finally {
      this.opening = false;
    }
    // Moved to another shop while the ticket was on its way: start over for that shop.
    if (shop !== this.shop) return void this.open();
    if (!t) {
      if (failure instanceof ApiError && FINAL.includes(failure.code))
        this.set({ stopped: failure.message || '无法连接实时推送' });
      else this.later(5000);
      return;
    }
    if (this.refs <= 0 || this.es) return;
    const resume = this.lastId !== undefined ? `&lastEventId=${this.lastId}` : '';
    const es = new EventSource(`${API_BASE}${t.url}${resume}`);
    this.es = es;
    es.addEventListener('hello', (m) => {
      const d = JSON.parse((m as MessageEvent).data) as { lastEventId: number; sound: boolean };
      if (this.lastId === undefined) this.lastId = d.lastEventId;
      this.set({ connected: true, sound: d.sound, connects: this.state.connects + 1 });
      // Anything may have changed while we were away: lists and the unread count refetch.
      window.dispatchEvent(new CustomEvent(ORDER_EVENT, { detail: null }));
      notifyMessagesChanged();
    });
    es.addEventListener('message', () => notifyMessagesChanged());
    // The server ends the stream for good: the user may no longer follow this shop.
    es.addEventListener('end', () => {
      es.close();
      if (this.es === es) this.es = undefined;
      this.set({ connected: false, stopped: '无权查看该店铺的订单' });
    });
    es.addEventListener('order', (m) => {
      const msg = m as MessageEvent;
      const e = JSON.parse(msg.data) as OrderEvent;
      this.lastId = Math.max(this.lastId ?? 0, Number(msg.lastEventId) || e.id);
      if (e.kind === 'new' && e.sound && readAlertPrefs().sound) this.beep();
      for (const l of this.listeners) l(e);
      window.dispatchEvent(new CustomEvent(ORDER_EVENT, { detail: e }));
      notifyMessagesChanged();
    });
    es.onerror = () => {
      es.close();
      if (this.es === es) this.es = undefined;
      this.set({ connected: false });
      this.later(2000);
    };
  }

  /** A short two-tone beep through Web Audio (no audio file to load). */
  beep() {
    try {
      this.audio ??= new AudioContext();
      const ctx = this.audio;
      void ctx.resume();
      const now = ctx.currentTime;
      for (const [i, f] of [880, 1320].entries()) {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.type = 'sine';
        osc.frequency.value = f;
        gain.gain.setValueAtTime(0.0001, now + i * 0.18);
        gain.gain.exponentialRampToValueAtTime(0.25, now + i * 0.18 + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.18 + 0.16);
        osc.connect(gain).connect(ctx.destination);
        osc.start(now + i * 0.18);
        osc.stop(now + i * 0.18 + 0.17);
      }
      this.set({ beeps: this.state.beeps + 1 });
    } catch {
      // no audio device: the badge and the list still show the order
    }
  }
}

/** Ticket refusals that asking again does not change: no permission, unknown shop, no shop yet, signed out. */
const FINAL = [301, 2002, 2004, 401];

export const orderStream = new OrderStream();

/** Keeps the shared stream open while the component is mounted; answers its state. */
export function useOrderStream(shopId: number | undefined | null, enabled = true) {
  useEffect(() => (enabled ? orderStream.acquire(shopId) : undefined), [shopId, enabled]);
  return useSyncExternalStore(orderStream.subscribe, orderStream.snapshot);
}

/** Calls `fn` on every order event (and with null after a reconnect, when everything may be stale). */
export function useOrderEvents(fn: (e: OrderEvent | null) => void) {
  useEffect(() => {
    const h = (ev: Event) => fn((ev as CustomEvent<OrderEvent | null>).detail);
    window.addEventListener(ORDER_EVENT, h);
    return () => window.removeEventListener(ORDER_EVENT, h);
  }, [fn]);
}
