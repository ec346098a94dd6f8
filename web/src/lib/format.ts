import { maskIdCard as sharedMaskIdCard, maskPhone as sharedMaskPhone } from '@jz/contracts/mask';
import type { Dayjs } from 'dayjs';
import { type TimeInput, toBusiness } from './zone.ts';

const yuanFormat = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Money on screen (docs/ux-states.md): integer fen from the API -> "¥1,234.50" (thousands separators, two decimals, a minus
 * before the ¥). `sign` adds "+" to positive amounts (income lines); null/undefined show `empty` (default "-").
 */
export function formatYuan(fen: number | null | undefined, opts: { sign?: boolean; empty?: string } = {}) {
  if (fen === null || fen === undefined || Number.isNaN(fen)) return opts.empty ?? '-';
  const v = fen / 100;
  const prefix = v < 0 ? '-' : opts.sign && v > 0 ? '+' : '';
  return `${prefix}¥${yuanFormat.format(Math.abs(v))}`;
}

type DateInput = TimeInput;

/**
 * A valid dayjs for a value from the API, or null for nothing / an unparseable value: in Asia/Shanghai whatever the
 * browser's zone (lib/zone.ts, docs/time.md).
 */
const parse = toBusiness;

/** Dates in the zh-CN formats of the console (Shanghai wall time): "2026-11-22 10:05" (seconds on request); "-" when absent or invalid. */
export function formatDateTime(iso: DateInput, opts: { seconds?: boolean } = {}) {
  return parse(iso)?.format(opts.seconds ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm') ?? '-';
}

/** A day: "2026-11-22". */
export function formatDate(iso: DateInput) {
  return parse(iso)?.format('YYYY-MM-DD') ?? '-';
}

/** A month: "2026-11". */
export function formatMonth(iso: DateInput) {
  return parse(iso)?.format('YYYY-MM') ?? '-';
}

/** A time within the current year, where the year is noise (dense lists, cards): "11-22 10:05" (seconds on request). */
export function formatShortDateTime(iso: DateInput, opts: { seconds?: boolean } = {}) {
  return parse(iso)?.format(opts.seconds ? 'MM-DD HH:mm:ss' : 'MM-DD HH:mm') ?? '-';
}

/** The long form of a day for greetings: "2026年11月22日 星期日" (the weekday in the active dayjs locale, zh-cn). */
export function formatLongDate(iso: DateInput) {
  return parse(iso)?.format('YYYY年M月D日 dddd') ?? '-';
}

/** A parcel weight from integer grams: "1.5 公斤" (up to three decimals, trailing zeros dropped). */
export function formatWeight(grams: number | null | undefined) {
  if (grams === null || grams === undefined || Number.isNaN(grams)) return '-';
  return `${Number((grams / 1000).toFixed(3))} 公斤`;
}

/** The one format of a date sent to the API (query params, form fields): "2026-11-22". */
export const API_DATE_FORMAT = 'YYYY-MM-DD';

/** A picker value -> the API's date string; '' for nothing (the API's "not set"). */
export function toApiDate(d: Dayjs | null | undefined) {
  return d ? d.format(API_DATE_FORMAT) : '';
}

/**
 * Masks for the few values the client itself hides (the server masks what it sends): the shared rules of
 * @jz/contracts/mask (138****0001, 1423**********1234), "-" when absent. That module imports
 * nothing, so the contracts' zod schemas stay out of every chunk that formats a date.
 */
export const maskPhone = (phone: string | null | undefined) => sharedMaskPhone(phone) || '-';
export const maskIdCard = (idCard: string | null | undefined) => sharedMaskIdCard(idCard) || '-';
