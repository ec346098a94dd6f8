import { describe, expect, it } from 'vitest';
import { deviceOf, ipPlace } from './sign-in.ts';

describe('sign-in place and device', () => {
  it('marks local and private addresses', () => {
    expect(ipPlace('127.0.0.1')).toBe('127.0.0.1（本机）');
    expect(ipPlace('::ffff:192.168.1.20')).toBe('192.168.1.20（局域网）');
    expect(ipPlace('172.20.0.3')).toBe('172.20.0.3（局域网）');
    expect(ipPlace('203.0.113.7')).toBe('203.0.113.7');
    expect(ipPlace(null)).toBe('未知');
  });
  it('puts the place the server found before the address', () => {
    expect(ipPlace('::ffff:221.205.0.1', '山西省太原市 联通')).toBe('山西省太原市 联通（221.205.0.1）');
  });
  it('names the browser and system', () => {
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36')).toBe(
      'Chrome · Windows',
    );
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0')).toBe('Firefox · Linux');
    expect(deviceOf('curl/8.0')).toBe('未知设备');
    expect(deviceOf(null)).toBe('未知设备');
  });
});
