import { PRIVATE_FILE_PREFIX, PRIVATE_ROOTS, type UploadRoot } from '@jz/contracts/upload';
import { invalid } from '../../../lib/errors.ts';
import { audienceOf, normaliseDeep, signedUrlOf, signRefs, stableRefsIn } from '../../../lib/storage/private-files.ts';
import { storageOf } from '../../../lib/storage/storage.ts';
import { type AuthUser, hasPerm } from '../../../plugins/auth.ts';
import type { StaffCaller } from '../../../lib/caller.ts';
import { staffOwnKeys } from '../../staff/staff.service.ts';
import type { App } from '../../types.ts';

/**
 * The two places private files meet the API, for every route at once (registered on the root app, before the modules):
 * - incoming: any string of a request body holding a signed (or legacy public) address of a private file is turned
 *   back into its stable reference before validation, so records store what never expires; and every private file a
 *   body names must be one the caller's merchant uploaded (the `resource` row), or the call is refused.
 * - outgoing: a JSON answer to a signed-in user that carries stable references gets them signed, for the files the
 *   user may read: its own merchant's (the route answering has already checked the page's permission), or, for a
 *   platform user, the folders its review permissions cover (PRIVATE_ROOTS). Other references stay unreadable.
 * An employee on the staff page (`req.staff`, docs/staff.md) may name and read only the files she uploaded herself
 * (staff_upload: her job photos), never her merchant's other private files.
 */
export function registerPrivateFiles(app: App) {
  app.addHook('preValidation', async (req) => {
    if (!req.body || typeof req.body !== 'object') return;
    const keys = new Set<string>();
    req.body = normaliseDeep(req.body, keys);
    if (!keys.size) return;
    if (req.staff) {
      const own = await staffOwnKeys(app.db, req.staff, [...keys]);
      if ([...keys].some((k) => !own.has(k))) throw invalid('文件无效：只能使用自己上传的照片，请重新上传');
      return;
    }
    if (!req.user) throw invalid('文件无效：请登录后重新上传');
    const owners = await ownersOf(app, [...keys]);
    for (const key of keys) {
      const o = owners.get(key);
      if (!o || o.merchantId !== req.user.merchantId) throw invalid('文件无效：只能使用本商户上传的文件，请重新上传');
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' || !(req.user || req.staff) || !payload.includes(PRIVATE_FILE_PREFIX))
      return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    const keys = stableRefsIn(payload);
    if (!keys.length) return payload;
    if (req.staff) return signForStaff(app, req.staff, keys, payload, (h, v) => reply.header(h, v));
    const user = req.user as AuthUser;
    const owners = await ownersOf(app, keys);
    const storage = storageOf(app);
    const now = Date.now();
    const signed = new Map<string, string>();
    for (const key of keys) {
      const o = owners.get(key);
      if (o && mayRead(user, key, o.merchantId))
        signed.set(key, await signedUrlOf(storage, app.config.APP_SECRET, key, audienceOf(user), now));
    }
    // A signed URL must not be kept by a shared cache.
    if (signed.size) reply.header('cache-control', 'private, no-store');
    return signRefs(payload, signed);
  });
}

/** A staff caller's answer: her own uploads signed for her merchant, nothing else. */
async function signForStaff(
  app: App,
  staff: StaffCaller,
  keys: string[],
  payload: string,
  header: (h: string, v: string) => void,
) {
  const own = await staffOwnKeys(app.db, staff, keys);
  const storage = storageOf(app);
  const now = Date.now();
  const signed = new Map<string, string>();
  for (const key of own)
    signed.set(key, await signedUrlOf(storage, app.config.APP_SECRET, key, audienceOf(staff), now));
  if (signed.size) header('cache-control', 'private, no-store');
  return signRefs(payload, signed);
}

function mayRead(user: AuthUser, key: string, owner: number | null) {
  if (user.merchantId !== null) return owner === user.merchantId;
  if (owner === null) return true; // the platform's own private files (its imports and exports)
  const perms = PRIVATE_ROOTS[key.split('/')[0] as UploadRoot] ?? [];
  return perms.some((p) => hasPerm(user, p));
}

/** The merchant that uploaded each key (resource rows; a key without a row has no owner and is never signed). */
async function ownersOf(app: App, keys: string[]) {
  const rows = await app.db
    .selectFrom('resource')
    .select(['storageKey', 'merchantId'])
    .where('storageKey', 'in', keys)
    .execute();
  return new Map(rows.map((r) => [r.storageKey as string, { merchantId: r.merchantId }]));
}
