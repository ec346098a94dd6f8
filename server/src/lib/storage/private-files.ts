import { createHmac } from 'node:crypto';
import { isPrivatePath, PRIVATE_FILE_PREFIX } from '@jz/contracts/upload';
import { safeEqual } from '../crypto.ts';
import { type FileStorage, S3Storage } from './storage.ts';

/**
 * Private files (PRIVATE_ROOTS in packages/contracts/src/upload.ts) are stored and saved as a stable reference,
 * `/tmpl/files/<key>`, that nobody can read. An answer that carries one to a reader allowed to see it carries a
 * short-lived signed URL instead: on local disk `/tmpl/files/<key>?e=<expiry>&m=<reader's merchant>&s=<HMAC>` (keyed by
 * APP_SECRET), on S3 a presigned GET. An `<img src>` cannot send the Authorization header, so the URL carries the proof.
 */

/** Signed URLs live 10 to 15 minutes: the expiry is rounded up to a 5-minute step, so repeated answers share one URL. */
export const SIGNED_TTL_S = 600;
const STEP_S = 300;

export const expiryOf = (nowMs: number) => Math.ceil((nowMs / 1000 + SIGNED_TTL_S) / STEP_S) * STEP_S;

/** A storage key, unanchored (storage.ts STORAGE_KEY without its anchors). */
const KEY = String.raw`[a-z0-9]+(?:/[a-z0-9]+)?/[0-9a-f]{32}\.(?:png|jpg|webp|gif|ico|mp4|pdf|docx?|xlsx?|pptx?)`;

/** Stable references in an answer (not already followed by a query). */
const STABLE_REF = new RegExp(String.raw`/tmpl/files/(${KEY})(?![?\w.])`, 'g');
/** A locally signed URL sent back (optionally absolute; `&amp;` inside rich text). */
const LOCAL_SIGNED = new RegExp(String.raw`(?:https?://[^/\s"'<>\\]+)?/tmpl/files/(${KEY})\?[\w=&;%.-]*`, 'g');
/** An S3 presigned URL of a private object sent back. */
const PRESIGNED = new RegExp(String.raw`https?://[^\s"'<>?\\]+?/private/(${KEY})\?[^\s"'<>\\]*`, 'g');
/** A private file saved before folders were classified, at its old public address. */
const LEGACY_PUBLIC = new RegExp(String.raw`/tmpl/uploads/(${KEY})(?![\w.])`, 'g');

/** Audience of a signature: the reader's merchant, or 0 for a platform user. */
export const audienceOf = (user: { merchantId: number | null }) => user.merchantId ?? 0;

function mac(secret: string, key: string, expiry: number, audience: number) {
  return createHmac('sha256', secret).update(`jz-private-file\n${key}\n${expiry}\n${audience}`).digest('base64url');
}

export function signLocal(secret: string, key: string, audience: number, nowMs = Date.now()) {
  const e = expiryOf(nowMs);
  return `${PRIVATE_FILE_PREFIX}${key}?e=${e}&m=${audience}&s=${mac(secret, key, e, audience)}`;
}

export type Verdict = 'ok' | 'unsigned' | 'expired' | 'invalid';

/** Checks a local signature; the expiry is checked after the MAC, so a forged expiry reads as invalid. */
export function verifyLocal(
  secret: string,
  key: string,
  q: { e?: unknown; m?: unknown; s?: unknown },
  nowMs = Date.now(),
): Verdict {
  if (q.s === undefined && q.e === undefined) return 'unsigned';
  const e = Number(q.e);
  const m = Number(q.m);
  if (typeof q.s !== 'string' || !Number.isSafeInteger(e) || !Number.isSafeInteger(m) || m < 0) return 'invalid';
  if (!safeEqual(q.s, mac(secret, key, e, m))) return 'invalid';
  if (e * 1000 <= nowMs) return 'expired';
  return 'ok';
}

/** The URL a reader gets for a private key: local HMAC, or an S3 presigned GET valid until the same expiry. */
export async function signedUrlOf(storage: FileStorage, secret: string, key: string, audience: number, nowMs: number) {
  if (storage instanceof S3Storage) {
    const expiry = expiryOf(nowMs);
    const lifetime = SIGNED_TTL_S + STEP_S;
    return storage.presign(key, new Date((expiry - lifetime) * 1000), lifetime);
  }
  return signLocal(secret, key, audience, nowMs);
}

/** The private keys an answer refers to by stable reference. */
export function stableRefsIn(text: string): string[] {
  const keys = new Set<string>();
  for (const m of text.matchAll(STABLE_REF)) if (isPrivatePath(m[1])) keys.add(m[1]);
  return [...keys];
}

/** Replaces stable references whose key has a signed URL in `signed`; others stay unreadable references. */
export const signRefs = (text: string, signed: Map<string, string>) =>
  text.replace(STABLE_REF, (all, key: string) => signed.get(key) ?? all);

/**
 * A string sent by a page, with every signed or legacy address of a private file back to its stable reference
 * (what is stored never expires). Keys met are added to `keys` (their ownership is checked by the caller).
 */
export function normaliseRefs(text: string, keys: Set<string>): string {
  if (!text.includes('/tmpl/') && !text.includes('/private/')) return text;
  const back = (all: string, key: string) => {
    if (!isPrivatePath(key)) return all;
    keys.add(key);
    return PRIVATE_FILE_PREFIX + key;
  };
  const out = text.replace(LOCAL_SIGNED, back).replace(PRESIGNED, back).replace(LEGACY_PUBLIC, back);
  for (const m of out.matchAll(STABLE_REF)) if (isPrivatePath(m[1])) keys.add(m[1]);
  return out;
}

/** normaliseRefs over every string of a parsed body (form fields, JSON, nested arrays and objects). */
export function normaliseDeep(value: unknown, keys: Set<string>): unknown {
  if (typeof value === 'string') return normaliseRefs(value, keys);
  if (Array.isArray(value)) return value.map((v) => normaliseDeep(v, keys));
  // Plain objects only (form bodies are made on a prototype-less `Empty`), never a Buffer or a stream.
  const proto = value && typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  if (proto === Object.prototype || proto === null || (proto && Object.getPrototypeOf(proto) === null)) {
    const o = value as Record<string, unknown>;
    for (const k of Object.keys(o)) o[k] = normaliseDeep(o[k], keys);
  }
  return value;
}

/**
 * Old addresses of private files in a stored value (`/tmpl/uploads/<private key>`, or `<S3_PUBLIC_URL>/<private key>`)
 * rewritten to stable references; used by the move of existing files (private-move.ts).
 */
export function legacyToStable(text: string, publicUrl: string | undefined, keys: Set<string>): string {
  const escaped = publicUrl?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(String.raw`(?:/tmpl/uploads/${escaped ? `|${escaped}/` : ''})(${KEY})(?![\w.])`, 'g');
  return text.replace(re, (all, key: string) => {
    if (!isPrivatePath(key)) return all;
    keys.add(key);
    return PRIVATE_FILE_PREFIX + key;
  });
}
