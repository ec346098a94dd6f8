import { maskPhone } from '@jz/contracts/mask';

/**
 * URLs as they go to the log. Query values are kept only for parameters known to be harmless (paging, sorting, ids,
 * kinds, dates): every other value becomes `***`, so a phone, the order stream's ticket, a token, a verification code
 * or a search keyword never reaches the log, including parameters added later (an allow-list: a new parameter is
 * private until listed here). A parameter name that is not an identifier is hidden too, and mobile numbers in the path
 * are masked (138****0001).
 */
const KEPT = new Set([
  'pageNum',
  'pageNumber',
  'pageSize',
  'page',
  'size',
  'limit',
  'current',
  'sort',
  'order',
  'orderBy',
  'format',
  'status',
  'state',
  'type',
  'kind',
  'tab',
  'id',
  'ids',
  'date',
  'day',
  'month',
  'year',
  'startDate',
  'endDate',
  'rootPath',
]);
/** Ids of our own rows (shopId, employeeIds...) are numbers and kept as such. */
const ID_KEY = /^[a-z][A-Za-z]*Ids?$/;
const KEPT_VALUE = /^[\w.,:-]{0,64}$/;
const PLAIN_KEY = /^[A-Za-z_][\w.[\]]{0,40}$/;
const MOBILE = /(?<!\d)1[3-9]\d{9}(?!\d)/g;

const decode = (s: string) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
};

function keptPair(pair: string): string {
  const eq = pair.indexOf('=');
  const rawKey = eq < 0 ? pair : pair.slice(0, eq);
  const key = decode(rawKey);
  if (key === undefined || !PLAIN_KEY.test(key)) return '***';
  if (eq < 0) return KEPT.has(key) ? pair : '***';
  const value = decode(pair.slice(eq + 1));
  const kept =
    value !== undefined && (KEPT.has(key) ? KEPT_VALUE.test(value) : ID_KEY.test(key) && /^[\d,]{0,64}$/.test(value));
  return kept ? pair : `${rawKey}=***`;
}

export function redactUrl(url: string | undefined): string {
  if (!url) return '';
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(MOBILE, (m) => maskPhone(m));
  if (q < 0) return path;
  return `${path}?${url
    .slice(q + 1)
    .split('&')
    .map(keptPair)
    .join('&')}`;
}

/**
 * pino's `req` serializer (fastify logs `req` on some errors of its own): its default fields with the URL redacted.
 * Headers are not logged at all.
 */
export function reqSerializer(req: { method?: string; url?: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: req.method, url: redactUrl(req.url), remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}
