import { describe, expect, it } from 'vitest';
import { ipRegion } from '../src/lib/ip-region.ts';

describe('ipRegion (where a sign-in came from)', () => {
  it('names the province and city of a mainland address', () => {
    expect(ipRegion('221.205.0.1')).toMatch(/^山西省太原市/);
    expect(ipRegion('::ffff:221.205.0.1')).toMatch(/^山西省太原市/);
  });

  it('answers null for private, loopback, malformed and missing addresses', () => {
    for (const ip of ['127.0.0.1', '192.168.1.8', '10.0.0.1', '::1', '999.1.1.1', 'abc', '', null, undefined])
      expect(ipRegion(ip), String(ip)).toBeNull();
  });
});
