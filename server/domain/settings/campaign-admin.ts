/**
 * Campaign codes as staff keep them: the list, create, edit, and removing one (a code members
 * have used is ended instead, so their history keeps it). Codes are unique in any letter case.
 */
import type { Database, Queryable } from '../../db/database.ts';
import { parseListQuery, type ListDefinition } from '../../lib/list.ts';
import { queryPage, type Page } from '../../lib/paged-query.ts';
import { validationFailed } from '../../lib/http-errors.ts';
import { FORM_RULES, isCalendarDate, requiredErrors } from '../../schemas/rules.ts';
import type { Benefit, Campaign, ProductCategory } from '../../schemas/settings.ts';
import { todayInOslo } from '../shared/oslo-date.ts';

export const CAMPAIGN_MESSAGES = {
  codeTaken: 'Kampanjekoden finnes allerede',
  date: 'Ugyldig dato (ÅÅÅÅ-MM-DD)',
  endBeforeStart: 'Sluttdato kan ikke være før startdato',
  unknownCategory: 'Ukjent produktkategori',
  unknownBenefit: 'Ukjent fordel',
  code: 'Koden kan bare ha bokstaver, tall, bindestrek og understrek',
} as const;

// `members`: how many signed up with the code, kept by a trigger on accounts (migration 058).
const COLUMNS = `c.id, c.id AS campaign_code_id, c.name, c.code, c.period_start, c.period_end, c.product_category_id,
  CASE WHEN pc.id IS NULL THEN NULL ELSE json_build_object('id', pc.id, 'title', pc.title) END AS product,
  c.benefit_id, CASE WHEN b.id IS NULL THEN NULL ELSE json_build_object('id', b.id, 'text', b.text) END AS benefit,
  c.status, c.members, c.created_at, c.updated_at`;

const FROM = `FROM campaigns c LEFT JOIN product_categories pc ON pc.id = c.product_category_id
  LEFT JOIN benefits b ON b.id = c.benefit_id WHERE TRUE`;

const campaignList: ListDefinition = {
  filters: {
    status: (values, params) => `c.status IN (${params.list(values.map(Number).filter(Number.isInteger))})`,
  },
  sorts: { id: 'c.id', name: 'c.name', code: 'lower(c.code)', period_start: 'c.period_start', period_end: 'c.period_end', status: 'c.status' },
  defaultSort: '-id',
  tieBreaker: 'c.id',
};

export const campaignPage = (db: Queryable, query: Record<string, unknown>): Promise<Page<Campaign>> =>
  queryPage<Campaign>(db, { from: FROM, columns: COLUMNS }, parseListQuery(query, campaignList));

export async function findCampaign(db: Queryable, id: number): Promise<Campaign | null> {
  const [row] = await db.query<Campaign>(`SELECT ${COLUMNS} ${FROM} AND c.id = $1`, [id]);
  return row ?? null;
}

export const benefitOptions = (db: Queryable): Promise<Benefit[]> => db.query<Benefit>('SELECT id, text FROM benefits ORDER BY id');

export const productCategories = (db: Queryable): Promise<ProductCategory[]> =>
  db.query<ProductCategory>('SELECT id, title FROM product_categories ORDER BY id');

type Raw = Record<string, unknown>;
const FIELDS = ['name', 'code', 'period_start', 'period_end', 'product_category_id', 'benefit_id', 'status'] as const;
type Field = (typeof FIELDS)[number];

const toInt = (value: unknown): number | null =>
  value === null || value === undefined || value === '' ? null : Number.isInteger(Number(value)) && Math.abs(Number(value)) <= 2147483647 ? Number(value) : NaN;

/** The body's known fields, trimmed and typed; errors by field for what cannot be read. */
async function readCampaign(db: Queryable, body: Raw, creating: boolean, id?: number) {
  const values: Partial<Record<Field, string | number | null>> = {};
  for (const field of FIELDS) {
    if (!(field in body)) continue;
    const raw = body[field];
    if (['product_category_id', 'benefit_id', 'status'].includes(field)) values[field] = toInt(raw);
    else values[field] = raw === null || raw === undefined ? null : String(raw).trim() || null;
  }
  const rule = creating ? FORM_RULES.campaignCreate : FORM_RULES.campaignEdit;
  const errors = requiredErrors(rule, values, !creating);
  const note = (field: Field, message: string) => {
    if (!errors[field]) errors[field] = [message];
  };
  for (const field of ['period_start', 'period_end'] as const) {
    const value = values[field];
    if (typeof value === 'string' && !isCalendarDate(value)) note(field, CAMPAIGN_MESSAGES.date);
  }
  for (const field of ['product_category_id', 'benefit_id', 'status'] as const) {
    if (Number.isNaN(values[field])) note(field, 'Må være et heltall');
  }
  if (typeof values.code === 'string' && !/^[\p{L}\p{N}_-]{1,50}$/u.test(values.code)) note('code', CAMPAIGN_MESSAGES.code);
  if (typeof values.product_category_id === 'number' && !errors.product_category_id) {
    const [found] = await db.query('SELECT 1 FROM product_categories WHERE id = $1', [values.product_category_id]);
    if (!found) note('product_category_id', CAMPAIGN_MESSAGES.unknownCategory);
  }
  if (typeof values.benefit_id === 'number' && !errors.benefit_id) {
    const [found] = await db.query('SELECT 1 FROM benefits WHERE id = $1', [values.benefit_id]);
    if (!found) note('benefit_id', CAMPAIGN_MESSAGES.unknownBenefit);
  }
  if (typeof values.code === 'string' && !errors.code) {
    const [taken] = await db.query('SELECT 1 FROM campaigns WHERE lower(code) = lower($1) AND id <> $2', [values.code, id ?? 0]);
    if (taken) note('code', CAMPAIGN_MESSAGES.codeTaken);
  }
  return { values, errors };
}

function checkPeriod(start: unknown, end: unknown, errors: Record<string, string[]>) {
  if (typeof start === 'string' && typeof end === 'string' && !errors.period_start && !errors.period_end && end < start) {
    errors.period_end = [CAMPAIGN_MESSAGES.endBeforeStart];
  }
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** A new campaign code: product category 1, benefit 0 and status 1 unless given. */
export async function createCampaign(db: Database, body: Raw): Promise<Campaign> {
  const { values, errors } = await readCampaign(db, { product_category_id: 1, benefit_id: 0, status: 1, ...body }, true);
  checkPeriod(values.period_start, values.period_end, errors);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  try {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO campaigns (name, code, period_start, period_end, product_category_id, benefit_id, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [values.name, values.code, values.period_start, values.period_end ?? null, values.product_category_id, values.benefit_id, values.status ?? 1],
    );
    return (await findCampaign(db, row.id))!;
  } catch (error) {
    if (isUniqueViolation(error)) throw validationFailed({ code: [CAMPAIGN_MESSAGES.codeTaken] });
    throw error;
  }
}

export async function updateCampaign(db: Database, id: number, body: Raw): Promise<Campaign | null> {
  const current = await findCampaign(db, id);
  if (!current) return null;
  const { values, errors } = await readCampaign(db, body, false, id);
  if ('product_category_id' in values && values.product_category_id === null) errors.product_category_id ??= [FORM_RULES.campaignEdit.message];
  if ('status' in values && values.status === null) errors.status ??= [FORM_RULES.campaignEdit.message];
  checkPeriod(values.period_start ?? current.period_start, 'period_end' in values ? values.period_end : current.period_end, errors);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const fields = Object.keys(values) as Field[];
  if (fields.length === 0) return current;
  try {
    await db.query(`UPDATE campaigns SET ${fields.map((field, index) => `${field} = $${index + 2}`).join(', ')}, updated_at = now() WHERE id = $1`, [
      id,
      ...fields.map((field) => values[field]),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw validationFailed({ code: [CAMPAIGN_MESSAGES.codeTaken] });
    throw error;
  }
  return findCampaign(db, id);
}

/**
 * Deletes a campaign no one has used; one that members or payments refer to is ended instead
 * (status 2, its period closed today or at its start). Null when there is no such campaign.
 */
export async function removeCampaign(db: Database, id: number): Promise<{ data: Campaign; ended: boolean } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>('SELECT id FROM campaigns WHERE id = $1 FOR UPDATE', [id]);
    if (!row) return null;
    const [use] = await tx.query<{ used: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM accounts WHERE campaign_id = $1)
           OR EXISTS (SELECT 1 FROM vipps_registrations WHERE campaign_id = $1) AS used`,
      [id],
    );
    if (use.used) {
      await tx.query(
        `UPDATE campaigns SET status = 2, updated_at = now(),
                period_end = GREATEST(period_start, LEAST(coalesce(period_end, $2::date), $2::date))
          WHERE id = $1`,
        [id, todayInOslo()],
      );
      return { data: (await findCampaign(tx, id))!, ended: true };
    }
    const data = (await findCampaign(tx, id))!;
    await tx.query('DELETE FROM campaigns WHERE id = $1', [id]);
    return { data, ended: false };
  });
}

/** The list's filters and sorts, which the route's query schema documents (lib/list.ts listQuery). */
export { campaignList };
