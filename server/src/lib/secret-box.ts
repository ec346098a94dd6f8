import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  hkdfSync,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { Code } from '@jz/contracts/envelope';
import { AppError } from './errors.ts';

/**
 * Secrets at rest (ID-card numbers, bank-card numbers, onboarding data): AES-256-GCM with keys from DATA_KEYS.
 *
 * A sealed value is `enc:v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url), so it names the key that sealed it and
 * keys can rotate: new values use the first key of the ring, older ones open with whichever key they name until
 * `npm run keys:rotate` re-seals them. Each value is bound to its field (the GCM associated data is the field's
 * purpose), so a ciphertext copied into another column does not open there.
 *
 * Equality lookups (duplicate ID or card checks) use a keyed hash in a column of its own: `<key id>:<HMAC-SHA256>`
 * under a subkey derived from the data key. A lookup computes the hash under every key of the ring, so rows not yet
 * rotated are still found.
 *
 * The ring is process-wide (repositories do not thread configuration through every call): read from DATA_KEYS the
 * first time it is needed; config.ts validates the variable and refuses the development key in production.
 */

/** Key objects, not buffers: a cipher or HMAC made from a KeyObject skips importing the key each time (4x faster). */
export interface DataKey {
  id: string;
  key: KeyObject;
  hashKey: KeyObject;
}
export interface KeyRing {
  /** The first key of DATA_KEYS: seals every new value. */
  current: DataKey;
  byId: ReadonlyMap<string, DataKey>;
}

/** Development and test default: production refuses it (config.ts). 32 bytes of "dev-only-data-key-change-me-0000". */
export const DEV_DATA_KEYS = 'dev:ZGV2LW9ubHktZGF0YS1rZXktY2hhbmdlLW1lLTAwMDA';
const DEV_KEY = Buffer.from('dev-only-data-key-change-me-0000');

const KEY_ID = /^[a-z0-9-]{1,32}$/;
const PREFIX = 'enc:v1:';

/** Parses `k2:<base64 32 bytes>,k1:<…>` (first = current). Throws an English message naming the problem. */
export function parseDataKeys(spec: string): KeyRing {
  const entries = spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!entries.length) throw new Error('DATA_KEYS is empty: expected "<key id>:<base64 of 32 bytes>[,…]"');
  const byId = new Map<string, DataKey>();
  const keys: DataKey[] = [];
  for (const e of entries) {
    const at = e.indexOf(':');
    const id = at > 0 ? e.slice(0, at) : '';
    if (!KEY_ID.test(id))
      throw new Error(`DATA_KEYS: "${id || e.slice(0, 8)}" is not a key id (lowercase letters, digits, -)`);
    const key = Buffer.from(
      e
        .slice(at + 1)
        .replace(/-/g, '+')
        .replace(/_/g, '/'),
      'base64',
    );
    if (key.length !== 32) throw new Error(`DATA_KEYS: key ${id} must be 32 bytes in base64 (it is ${key.length})`);
    if (byId.has(id)) throw new Error(`DATA_KEYS: key id ${id} appears twice`);
    const hashKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), 'jz blind index v1', 32));
    const k = { id, key: createSecretKey(key), hashKey: createSecretKey(hashKey) };
    byId.set(id, k);
    keys.push(k);
  }
  return { current: keys[0], byId };
}

/** Whether the ring holds the development key (under any id): production refuses it. */
export const holdsDevKey = (ring: KeyRing) =>
  [...ring.byId.values()].some((k) => timingSafeEqual(k.key.export(), DEV_KEY));

let installed: KeyRing | null = null;

/** The ring in use: installed by useDataKeys, else read once from DATA_KEYS (the development key when unset). */
export function dataKeys(): KeyRing {
  if (installed) return installed;
  const spec = process.env.DATA_KEYS?.trim();
  if (!spec && process.env.NODE_ENV === 'production') throw new Error('DATA_KEYS must be set in production');
  installed = parseDataKeys(spec || DEV_DATA_KEYS);
  return installed;
}

/** Installs a ring (tests, the rotate command); null = read DATA_KEYS again at the next use. */
export function useDataKeys(ring: KeyRing | string | null) {
  installed = typeof ring === 'string' ? parseDataKeys(ring) : ring;
}

// ------------------------------------------------------------------------------------------------ failures

/** Where a value that does not open was read: logged with the alarm, never the value itself. */
export interface SecretRef {
  table?: string;
  id?: number | string;
}
export interface SecretFailure extends SecretRef {
  purpose: string;
  keyId: string | null;
  reason: 'malformed' | 'unknown-key' | 'auth-failed';
}

/**
 * A stored value that does not open: altered in the database, sealed for another field, or sealed under a key no
 * longer in DATA_KEYS. The caller is refused (2004, never a 500) and the failure is logged as an alarm.
 */
export class SecretError extends AppError {
  constructor(readonly failure: SecretFailure) {
    super(Code.BUSINESS, '数据校验失败：该记录的加密信息无法解密（可能已被篡改或缺少密钥），已记录，请联系平台管理员');
  }
}

let alarm: (f: SecretFailure) => void = (f) =>
  console.error(JSON.stringify({ level: 50, time: Date.now(), ...f, msg: 'encrypted value failed to open' }));

/** Where failures are reported: the app's logger at start (modules/common/secrets), a spy in tests. */
export function onSecretFailure(fn: (f: SecretFailure) => void) {
  alarm = fn;
}

// ------------------------------------------------------------------------------------------------ seal / open

const b64 = (b: Buffer) => b.toString('base64url');
const aadOf = (purpose: string) => Buffer.from(`jz:${purpose}`);

export const isSealed = (v: string | null | undefined): v is string => typeof v === 'string' && v.startsWith(PREFIX);

/** The key id a sealed value names (undefined for anything else). */
export function keyIdOf(v: string | null | undefined): string | undefined {
  if (!isSealed(v)) return undefined;
  return v.slice(PREFIX.length).split(':', 1)[0];
}

/** Seals `plain` for the field `purpose` under the ring's current key. */
export function seal(purpose: string, plain: string, ring: KeyRing = dataKeys()): string {
  const k = ring.current;
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', k.key, iv);
  c.setAAD(aadOf(purpose));
  const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return `${PREFIX}${k.id}:${b64(iv)}:${b64(c.getAuthTag())}:${b64(ct)}`;
}

/** Opens a value sealed for `purpose`; throws SecretError (and raises the alarm) when it does not open. */
export function open(purpose: string, sealed: string, ref: SecretRef = {}, ring: KeyRing = dataKeys()): string {
  return openBytes(purpose, sealed, ref, ring).toString('utf8');
}

/**
 * Seals bytes (a piece of an upload) for `purpose`: the same format as seal, without a text encoding of the bytes
 * first (no base64 copy of the plain bytes). Opened by openBytes.
 */
export function sealBytes(purpose: string, plain: Uint8Array, ring: KeyRing = dataKeys()): string {
  const k = ring.current;
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', k.key, iv);
  c.setAAD(aadOf(purpose));
  const head = c.update(plain);
  const tail = c.final();
  const ct = tail.length ? Buffer.concat([head, tail]) : head;
  return `${PREFIX}${k.id}:${b64(iv)}:${b64(c.getAuthTag())}:${b64(ct)}`;
}

/** Opens a value sealed for `purpose` into its bytes; throws SecretError (and raises the alarm) when it does not open. */
export function openBytes(purpose: string, sealed: string, ref: SecretRef = {}, ring: KeyRing = dataKeys()): Buffer {
  const fail = (reason: SecretFailure['reason'], keyId: string | null): never => {
    const f: SecretFailure = { ...ref, purpose, keyId, reason };
    alarm(f);
    throw new SecretError(f);
  };
  if (!isSealed(sealed)) return fail('malformed', null);
  const parts = sealed.slice(PREFIX.length).split(':');
  if (parts.length !== 4) return fail('malformed', null);
  const [id, iv, tag, ct] = parts;
  const k = ring.byId.get(id);
  if (!k) return fail('unknown-key', id);
  try {
    const ivB = Buffer.from(iv, 'base64url');
    const tagB = Buffer.from(tag, 'base64url');
    if (ivB.length !== 12 || tagB.length !== 16) return fail('malformed', id);
    const d = createDecipheriv('aes-256-gcm', k.key, ivB);
    d.setAAD(aadOf(purpose));
    d.setAuthTag(tagB);
    const head = d.update(Buffer.from(ct, 'base64url'));
    const tail = d.final();
    return tail.length ? Buffer.concat([head, tail]) : head;
  } catch (err) {
    if (err instanceof SecretError) throw err;
    return fail('auth-failed', id);
  }
}

/** Nullable columns: null stays null. */
export const sealOrNull = (purpose: string, plain: string | null | undefined) =>
  plain == null ? null : seal(purpose, plain);

// ------------------------------------------------------------------------------------------------ keyed hashes

const hashUnder = (k: DataKey, purpose: string, normalized: string) =>
  `${k.id}:${createHmac('sha256', k.hashKey).update(`${purpose}\0${normalized}`).digest('base64url')}`;

/** The keyed hash stored beside a sealed value (under the current key). Callers normalise the value first. */
export const blindIndex = (purpose: string, normalized: string, ring: KeyRing = dataKeys()) =>
  hashUnder(ring.current, purpose, normalized);

/** The hash under every key of the ring: `where hash in (…)` finds rows not yet rotated too. */
export const blindIndexes = (purpose: string, normalized: string, ring: KeyRing = dataKeys()) =>
  [...ring.byId.values()].map((k) => hashUnder(k, purpose, normalized));
