/** Masks for sensitive values in answers: the whole value stays in the database for the provider only. */
export function maskIdNo(v: string | null | undefined) {
  if (!v) return '';
  return v.length <= 8 ? '*'.repeat(v.length) : `${v.slice(0, 4)}${'*'.repeat(v.length - 8)}${v.slice(-4)}`;
}

export function maskCardNo(v: string | null | undefined) {
  if (!v) return '';
  if (v.length <= 8) return `****${v.slice(-4)}`;
  return `${v.slice(0, 4)} **** **** ${v.slice(-4)}`;
}

export function maskPhone(v: string | null | undefined) {
  if (!v) return '';
  return v.length === 11 ? `${v.slice(0, 3)}****${v.slice(-4)}` : `****${v.slice(-4)}`;
}
