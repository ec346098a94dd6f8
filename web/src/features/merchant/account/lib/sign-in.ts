/**
 * How 我的账号 shows where a sign-in came from: the place the server found for the IP (ip2region: 山西省太原市 联通)
 * with the IP after it, or the IP alone, marked 本机 / 局域网 when it is not a public address.
 */
export function ipPlace(ip: string | null | undefined, place?: string | null): string {
  if (!ip) return '未知';
  if (place) return `${place}（${ip.replace(/^::ffff:/, '')}）`;
  const v4 = ip.replace(/^::ffff:/, '');
  if (v4 === '127.0.0.1' || ip === '::1') return `${v4}（本机）`;
  const [a, b] = v4.split('.').map(Number);
  const lan = a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || /^f[cd]/i.test(ip);
  return lan ? `${v4}（局域网）` : v4;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/MicroMessenger/, '微信'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome · Windows" from a user agent; 未知设备 when nothing is recognised. */
export function deviceOf(userAgent: string | null | undefined): string {
  if (!userAgent) return '未知设备';
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  return [browser, system].filter(Boolean).join(' · ') || '未知设备';
}
