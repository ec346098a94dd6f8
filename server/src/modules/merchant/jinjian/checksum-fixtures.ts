/** Completes numbers with their check characters: demo data and tests use real-looking, valid values. */
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
export function withIdCheck(first17: string) {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return first17 + '10X98765432'[sum % 11];
}

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
export function withUsccCheck(first17: string) {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARS.indexOf(first17[i]) * USCC_WEIGHTS[i];
  const c = 31 - (sum % 31);
  return first17 + USCC_CHARS[c === 31 ? 0 : c];
}

export function withLuhn(prefix: string) {
  for (let d = 0; d <= 9; d++) {
    const s = prefix + d;
    let sum = 0;
    for (let i = 0; i < s.length; i++) {
      let n = Number(s[s.length - 1 - i]);
      if (i % 2 === 1) {
        n *= 2;
        if (n > 9) n -= 9;
      }
      sum += n;
    }
    if (sum % 10 === 0) return s;
  }
  throw new Error('unreachable');
}
