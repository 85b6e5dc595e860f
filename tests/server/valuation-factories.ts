/** Test data for the valuation rules: instruments of a value, and their documents (rows written directly). */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../server/db/database.ts';
import { createInstrument, GUITAR } from './factories-member-admin.ts';

/** An insured (active) instrument of the value given, unless told otherwise. */
export const instrumentOf = (db: Database, memberId: number, value: number, extra: { state?: string; make?: string; model?: string } = {}) =>
  createInstrument(db, { member_id: memberId, instrument_category: GUITAR, value, ...extra });

/** An appraisal of the instrument, dated `valuedOn`, for `value` kroner. */
export async function appraisal(db: Database, instrumentId: number, memberId: number, valuedOn: string, value = 150_000): Promise<void> {
  await db.query(
    `INSERT INTO documents (instrument_id, member_id, kind, valued_on, value, file_name, content_type, size, storage_key)
     VALUES ($1, $2, 'appraisal', $3, $4, 'takst.pdf', 'application/pdf', 2048, $5)`,
    [instrumentId, memberId, valuedOn, value, `test/${randomUUID()}`],
  );
}

/** A receipt, or with `kind` a photo (which documents nothing). */
export async function receipt(db: Database, instrumentId: number, memberId: number, kind: 'receipt' | 'photo' = 'receipt'): Promise<void> {
  await db.query(
    `INSERT INTO documents (instrument_id, member_id, kind, file_name, content_type, size, width, height, storage_key)
     VALUES ($1, $2, $3, 'kvittering.jpg', 'image/jpeg', 4096, 800, 600, $4)`,
    [instrumentId, memberId, kind, `test/${randomUUID()}`],
  );
}

/** 'YYYY-MM-DD' moved by whole days (calendar dates, no time zone involved). */
export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' moved by whole years; 29 February becomes 28 February in a year without it (as PostgreSQL does). */
export function addYears(iso: string, years: number): string {
  const [year, month, day] = iso.split('-').map(Number);
  const target = year + years;
  const leap = (target % 4 === 0 && target % 100 !== 0) || target % 400 === 0;
  const clamped = month === 2 && day === 29 && !leap ? 28 : day;
  return `${target}-${String(month).padStart(2, '0')}-${String(clamped).padStart(2, '0')}`;
}
