/** Amounts in øre as Norwegians read them: 'kr 1 290,00'. */
export function formatKroner(ore: number): string {
  const sign = ore < 0 ? '−' : '';
  const abs = Math.abs(ore);
  const kroner = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `kr ${sign}${kroner},${String(abs % 100).padStart(2, '0')}`;
}

/** A 'YYYY-MM-DD' date (or the date of an ISO timestamp) as invoices and their mails print it: 31.01.2027. */
export const dottedDate = (iso: string): string => iso.slice(0, 10).split('-').reverse().join('.');
