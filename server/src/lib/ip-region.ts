import { createRequire } from 'node:module';

/**
 * Where an IP address is, in Chinese (山西省太原市 联通), from ip2region's offline database: 我的账号 shows the place
 * of a sign-in. Loaded on first use (about 9 MB), IPv4 only (the IPv6 database would add 20 MB more). Private,
 * loopback and unknown addresses answer null: the console then shows the address itself.
 */
interface Found {
  country: string;
  province: string;
  city: string;
  isp: string;
}
type Query = { search: (ip: string) => Found | null };

let query: Query | null | undefined;

function load(): Query | null {
  if (query !== undefined) return query;
  try {
    // CommonJS package with its data file beside it: kept outside the server bundle (scripts/build-server.mjs).
    const IP2Region = createRequire(import.meta.url)('ip2region').default as new (o: { disableIpv6: boolean }) => Query;
    query = new IP2Region({ disableIpv6: true });
  } catch {
    query = null;
  }
  return query;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

export function ipRegion(ip: string | null | undefined): string | null {
  const v4 = ip?.replace(/^::ffff:/, '') ?? '';
  const m = IPV4.exec(v4);
  if (!m || m.slice(1).some((p) => Number(p) > 255)) return null;
  const q = load();
  if (!q) return null;
  let found: Found | null = null;
  try {
    found = q.search(v4);
  } catch {
    return null;
  }
  if (!found || found.city === '内网IP' || found.isp === '内网IP') return null;
  const where = found.country === '中国' || !found.country ? `${found.province}${found.city}` : found.country;
  const place = [where, found.isp].filter(Boolean).join(' ').trim();
  return place || null;
}
