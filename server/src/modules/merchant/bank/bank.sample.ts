import type { BankBranch } from '@jz/contracts/bank';

/**
 * A realistic sample of bank branches seeded into every database (the full table comes from `npm run bank:import`
 * with a CSV). Codes follow the 联行号 layout: 3-digit bank code + 4-digit city code of the clearing system +
 * 4-digit branch number + 1 check digit. They are plausible, not an authoritative list: import the official file for
 * production use.
 */
const BANKS = [
  { code: '102', name: '中国工商银行', short: '中国工商银行股份有限公司' },
  { code: '105', name: '中国建设银行', short: '中国建设银行股份有限公司' },
  { code: '103', name: '中国农业银行', short: '中国农业银行股份有限公司' },
  { code: '104', name: '中国银行', short: '中国银行股份有限公司' },
  { code: '308', name: '招商银行', short: '招商银行股份有限公司' },
  { code: '301', name: '交通银行', short: '交通银行股份有限公司' },
  { code: '403', name: '中国邮政储蓄银行', short: '中国邮政储蓄银行股份有限公司' },
];

/** City code of the clearing system and a few branch locations per city (the first one is the city's main office). */
const CITIES = [
  {
    province: '山西省',
    city: '运城市',
    area: '1810',
    places: ['运城分行营业部', '盐湖区河东东街支行', '盐湖区学苑路支行'],
  },
  {
    province: '山西省',
    city: '太原市',
    area: '1610',
    places: ['太原分行营业部', '小店区长风街支行', '迎泽区迎泽大街支行'],
  },
  { province: '北京市', city: '北京市', area: '1000', places: ['北京分行营业部', '海淀区中关村支行'] },
  { province: '上海市', city: '上海市', area: '2900', places: ['上海分行营业部', '浦东新区陆家嘴支行'] },
];

/** Check digit: weighted sum of the first 11 digits, mod 10. */
function withCheck(first11: string) {
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += Number(first11[i]) * (i % 2 === 0 ? 3 : 7);
  return `${first11}${sum % 10}`;
}

export function sampleBranches(): BankBranch[] {
  const out: BankBranch[] = [];
  for (const b of BANKS)
    for (const c of CITIES)
      c.places.forEach((place, i) => {
        const cityName = c.city.replace(/市$/, '');
        const branchName = place.startsWith(cityName) ? `${b.short}${place}` : `${b.short}${cityName}${place}`;
        out.push({
          code: withCheck(`${b.code}${c.area}${String(i === 0 ? 1 : 10 + i * 7).padStart(4, '0')}`),
          bankName: b.name,
          branchName,
          province: c.province,
          city: c.city,
        });
      });
  return out;
}
