/** How 'Nøkkeltall' writes its figures: Norwegian numbers, months as 'jan. 2026', shares in per cent. */
import { formatAmount, formatDateDots } from '../../common/format.ts';

/** The month abbreviations of the date picker (date-fns' bokmål), so months read the same everywhere. */
const MONTHS = ['jan.', 'feb.', 'mars', 'apr.', 'mai', 'juni', 'juli', 'aug.', 'sep.', 'okt.', 'nov.', 'des.'];

/** 'YYYY-MM' → 'jan. 2026'. */
export function formatMonth(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return `${MONTHS[number - 1] ?? month} ${year}`;
}

/** A count with spaces between thousands: 1203 → '1 203'. */
export const formatCount = (value: number | null | undefined): string => (value === null || value === undefined ? '–' : formatAmount(value));

/** A signed count: 47 → '+47', -3 → '−3' (the minus sign screen readers read as minus). */
export function formatSigned(value: number): string {
  if (value > 0) return `+${formatAmount(value)}`;
  if (value < 0) return `−${formatAmount(-value)}`;
  return '0';
}

/** A share of a whole in per cent with one decimal, Norwegian style: '42,5 %'; '–' of nothing. */
export function formatShare(part: number, whole: number): string {
  if (whole <= 0) return '–';
  return `${(Math.round((part / whole) * 1000) / 10).toFixed(1).replace('.', ',')} %`;
}

/** 'YYYY-MM-DD' → 'dd.mm.åååå'. */
export const formatDay = (value: string | null | undefined): string => formatDateDots(value);
