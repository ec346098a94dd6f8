import { maskPhone as accountMaskPhone } from '@jz/contracts/account';
import { maskIdCard as employeeMaskIdCard, maskPhone as employeeMaskPhone } from '@jz/contracts/employee';
import { maskBankCard, maskIdCard, maskPhone } from '@jz/contracts/mask';
import { describe, expect, it } from 'vitest';
import { maskCardNo, maskIdNo, maskPhone as jinjianMaskPhone } from '../src/modules/merchant/jinjian/mask.ts';

const digits = '6222020000000000123456789';
const of = (n: number) => digits.slice(0, n);

describe('shared masks (@jz/contracts/mask)', () => {
  it('phone: 11+ characters keep 3 + 4 around ****; 8-10 keep the last 4; 7 or fewer are hidden whole', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
    expect(maskPhone('+8613800000001')).toBe('+86****0001');
    expect(maskPhone('0351123456')).toBe('****3456');
    expect(maskPhone('12345678')).toBe('****5678');
    expect(maskPhone('1234567')).toBe('****');
    expect(maskPhone('12')).toBe('****');
  });

  it('ID: 15+ keep 4 + 4 with one * per hidden character; 8-14 keep the last 4; shorter all *', () => {
    expect(maskIdCard('142301199001011234')).toBe('1423**********1234');
    expect(maskIdCard('14230119900101123X')).toBe('1423**********123X');
    expect(maskIdCard('142301900101123')).toBe('1423*******1123');
    expect(maskIdCard('E12345678')).toBe('*****5678');
    expect(maskIdCard('1234567')).toBe('*******');
  });

  it('bank card: 12+ digits as 6222 **** **** 1234 (spaces/dashes ignored); 8-11 **** 1234; shorter ****', () => {
    for (const n of [16, 17, 18, 19]) expect(maskBankCard(of(n))).toBe(`6222 **** **** ${of(n).slice(-4)}`);
    expect(maskBankCard('6222 0200 0000 0000 123')).toBe('6222 **** **** 0123');
    expect(maskBankCard('6222-0200-0000-0000')).toBe('6222 **** **** 0000');
    expect(maskBankCard(of(12))).toBe('6222 **** **** 0000');
    expect(maskBankCard(of(11))).toBe('**** 0000');
    expect(maskBankCard(of(7))).toBe('****');
  });

  it('absent values give an empty string', () => {
    for (const f of [maskPhone, maskIdCard, maskBankCard]) {
      expect(f('')).toBe('');
      expect(f(null)).toBe('');
      expect(f(undefined)).toBe('');
    }
  });

  it('never shows more than half of a value, nor the whole of it, at any length', () => {
    for (let n = 1; n <= digits.length; n++) {
      for (const f of [maskPhone, maskIdCard, maskBankCard]) {
        const shown = f(of(n)).replace(/[\s*]/g, '');
        expect(shown.length, `${f.name}(${n} digits)`).toBeLessThan(n);
        if (n < 11) expect(shown.length * 2, `${f.name}(${n} digits)`).toBeLessThanOrEqual(n);
      }
    }
  });

  it('every former copy now gives the shared output', () => {
    for (let n = 1; n <= digits.length; n++) {
      const v = of(n);
      expect(accountMaskPhone(v)).toBe(maskPhone(v));
      expect(employeeMaskPhone(v)).toBe(maskPhone(v));
      expect(jinjianMaskPhone(v)).toBe(maskPhone(v));
      expect(employeeMaskIdCard(v)).toBe(maskIdCard(v));
      expect(maskIdNo(v)).toBe(maskIdCard(v));
      expect(maskCardNo(v)).toBe(maskBankCard(v));
    }
    expect(employeeMaskIdCard(null)).toBeNull();
  });
});
