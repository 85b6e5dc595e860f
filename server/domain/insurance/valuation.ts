/**
 * The valuation rules: which documentation an insured instrument needs, and whether its documents
 * give it. Above `appraisal_above` kroner an appraisal (takst) no older than `appraisal_years`
 * years: 'expiring' from `reminder_days` before it runs out, 'expired' the day after, 'missing'
 * without one. Above `receipt_above` a receipt or an appraisal of any date. Otherwise nothing.
 *
 * The rule is SQL, joined onto the instrument rows (alias `i`) of every read, so a list filters
 * on it (`filter[valuation]`) and a page costs one index lookup per row (documents_instrument).
 * The settings are one row (valuation_settings); a NULL column is its default.
 */
import type { Queryable } from '../../db/database.ts';
import { validationFailed } from '../../lib/http-errors.ts';
import {
  VALUATION_DEFAULTS,
  VALUATION_FIELDS,
  valuationSettingsErrors,
  type Valuation,
  type ValuationField,
  type ValuationSettings,
} from '../../schemas/valuation.ts';

/** Today's date in Oslo, in SQL. */
export const OSLO_TODAY_SQL = "(now() AT TIME ZONE 'Europe/Oslo')::date";

/** The settings in force as one row `vs`: staff's values, the defaults where none is set. */
const SETTINGS_SQL = `SELECT ${VALUATION_FIELDS.map((field) => `coalesce(max(s.${field}), ${VALUATION_DEFAULTS[field]})::int AS ${field}`).join(', ')}
  FROM valuation_settings s`;

/** One setting in force, as a scalar (an uncorrelated subquery: worked out once per statement). */
const setting = (field: ValuationField) => `(SELECT coalesce(max(s.${field}), ${VALUATION_DEFAULTS[field]})::int FROM valuation_settings s)`;

/** The instrument's documents in one row: its latest appraisal (by the appraisal's date) and whether it has a receipt. */
const DOCUMENTS_SQL = `SELECT (array_agg(d.valued_on ORDER BY d.valued_on DESC, d.id DESC) FILTER (WHERE d.kind = 'appraisal'))[1] AS appraised_on,
           (array_agg(d.value ORDER BY d.valued_on DESC, d.id DESC) FILTER (WHERE d.kind = 'appraisal'))[1] AS appraised_value,
           coalesce(bool_or(d.kind = 'receipt'), false) AS has_receipt
      FROM documents d WHERE d.instrument_id = i.id`;

/** The documents of the rows of `instruments i` as `vd` (what the certificate notes). */
export const DOCUMENTS_LATERAL = `CROSS JOIN LATERAL (${DOCUMENTS_SQL}) vd`;

/**
 * The joins that work out the valuation of the rows of `instruments i`, with `today` (an SQL date
 * expression) as the day it is judged on: `vn.needs`, `vn.expires_on`, `vt.state`, the documents
 * in `vd`. Each row's documents are one index lookup (documents_instrument), made for the rows the
 * other conditions on `i` leave (a page of a member's, the waiting ones, valuationPrefilter's).
 */
export function valuationJoins(today: string = OSLO_TODAY_SQL): string {
  return `CROSS JOIN (${SETTINGS_SQL}) vs
  ${DOCUMENTS_LATERAL}
  CROSS JOIN LATERAL (
    SELECT CASE WHEN i.value > vs.appraisal_above THEN 'appraisal' WHEN i.value > vs.receipt_above THEN 'receipt' END AS needs,
           CASE WHEN i.value > vs.appraisal_above THEN (vd.appraised_on + make_interval(years => vs.appraisal_years))::date END AS expires_on
  ) vn
  CROSS JOIN LATERAL (
    SELECT CASE
             WHEN vn.needs = 'appraisal' THEN CASE
               WHEN vd.appraised_on IS NULL THEN 'missing'
               WHEN vn.expires_on < ${today} THEN 'expired'
               WHEN vn.expires_on - vs.reminder_days <= ${today} THEN 'expiring'
               ELSE 'ok' END
             WHEN vn.needs = 'receipt' AND vd.appraised_on IS NULL AND NOT vd.has_receipt THEN 'missing'
             ELSE 'ok'
           END AS state
  ) vt`;
}

/** The `valuation` column of an instrument row (valuationJoins in its FROM). */
export const VALUATION_COLUMN = `json_build_object('state', vt.state, 'expires_on', vn.expires_on, 'needs', vn.needs,
  'documented_value', vd.appraised_value, 'documented_on', vd.appraised_on) AS valuation`;

/**
 * A condition on `i` alone that holds for every instrument in the states asked for, tested before
 * its documents are read: only an instrument above the receipt limit can lack anything, and only
 * one above the appraisal limit can have an appraisal running out. TRUE when 'ok' is asked for.
 */
export function valuationPrefilter(states: readonly string[]): string {
  if (states.includes('ok')) return 'TRUE';
  return `i.value > ${setting(states.every((state) => state === 'expiring' || state === 'expired') ? 'appraisal_above' : 'receipt_above')}`;
}

/** The settings in force (the defaults filled in). */
export async function valuationSettings(db: Queryable): Promise<ValuationSettings> {
  const [row] = await db.query<ValuationSettings>(SETTINGS_SQL);
  return row;
}

/**
 * Staff set every value at once: each within its limits, and a receipt asked for below the
 * appraisal's limit; 422 with a Norwegian message per field otherwise. Answers the settings in force.
 */
export async function updateValuationSettings(db: Queryable, body: ValuationSettings, staffId: number): Promise<ValuationSettings> {
  const errors = valuationSettingsErrors(body);
  if (Object.keys(errors).length > 0) throw validationFailed(errors as Record<string, string[]>);
  const values = VALUATION_FIELDS.map((field) => body[field]);
  const columns = VALUATION_FIELDS.join(', ');
  const placeholders = VALUATION_FIELDS.map((_, index) => `$${index + 1}`).join(', ');
  const updates = VALUATION_FIELDS.map((field) => `${field} = EXCLUDED.${field}`).join(', ');
  await db.query(
    `INSERT INTO valuation_settings (id, ${columns}, updated_at, updated_by) VALUES (true, ${placeholders}, now(), $${values.length + 1})
     ON CONFLICT (id) DO UPDATE SET ${updates}, updated_at = now(), updated_by = EXCLUDED.updated_by`,
    [...values, staffId],
  );
  return valuationSettings(db);
}

/** The valuation of each instrument named, judged on `today` ('YYYY-MM-DD'), by id. */
export async function instrumentValuations(db: Queryable, ids: readonly number[], today: string): Promise<Map<number, Valuation>> {
  const rows = await db.query<{ id: number; valuation: Valuation }>(
    `SELECT i.id, ${VALUATION_COLUMN} FROM instruments i ${valuationJoins('$2::date')} WHERE i.id = ANY($1::int[])`,
    [ids, today],
  );
  return new Map(rows.map((row) => [row.id, row.valuation]));
}
