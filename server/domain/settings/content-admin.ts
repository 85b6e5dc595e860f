/**
 * The content kept in our own database when no WordPress site is configured: the pages
 * (min-side, bli-medlem, bli-medlem-steg-2) and the discount codes Min side shows, edited by
 * staff with sanitised rich text. With CONTENT_URL set they are edited on that site instead.
 */
import type { Database, Queryable } from '../../db/database.ts';
import { conflict, validationFailed } from '../../lib/http-errors.ts';
import { htmlToText, sanitizeRichText } from '../../lib/html.ts';
import { RULE_MESSAGES } from '../../schemas/rules.ts';
import type { AdminContentPage, AdminDiscountCode } from '../../schemas/settings.ts';

export const CONTENT_ON_SITE = 'Innholdet hentes fra nettstedet (CONTENT_URL) og redigeres der.';

export function assertLocalContent(contentUrl: string | null): void {
  if (contentUrl) throw conflict(CONTENT_ON_SITE);
}

export async function contentPages(db: Queryable, contentUrl: string | null): Promise<AdminContentPage[]> {
  assertLocalContent(contentUrl);
  return db.query<AdminContentPage>('SELECT id, slug, title, content, updated_at FROM content_pages ORDER BY id');
}

const richText = (html: string): string => {
  const clean = sanitizeRichText(html);
  return htmlToText(clean) === '' && !/<img\b/i.test(clean) ? '' : clean;
};

export async function updateContentPage(
  db: Database,
  contentUrl: string | null,
  id: number,
  patch: { title?: string; content?: string },
): Promise<AdminContentPage | null> {
  assertLocalContent(contentUrl);
  const values: Record<string, string> = {};
  if (patch.title !== undefined) values.title = patch.title.trim();
  if (patch.content !== undefined) values.content = richText(patch.content);
  const errors: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(values)) if (value === '') errors[field] = [RULE_MESSAGES.required];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const fields = Object.keys(values);
  const [row] = await db.query<AdminContentPage>(
    `UPDATE content_pages SET ${[...fields.map((field, index) => `${field} = $${index + 2}`), 'updated_at = now()'].join(', ')}
      WHERE id = $1 RETURNING id, slug, title, content, updated_at`,
    [id, ...fields.map((field) => values[field])],
  );
  return row ?? null;
}

const DISCOUNT_COLUMNS = 'id, code, description, sort_order, active, updated_at';

export async function discountCodes(db: Queryable, contentUrl: string | null): Promise<AdminDiscountCode[]> {
  assertLocalContent(contentUrl);
  return db.query<AdminDiscountCode>(`SELECT ${DISCOUNT_COLUMNS} FROM discount_codes ORDER BY sort_order, id`);
}

type DiscountInput = { code?: string; description?: string; sort_order?: number; active?: boolean };

function readDiscount(input: DiscountInput, creating: boolean): Record<string, unknown> {
  const values: Record<string, unknown> = { ...input };
  if (typeof input.code === 'string') values.code = input.code.trim();
  if (typeof input.description === 'string') values.description = richText(input.description);
  const errors: Record<string, string[]> = {};
  for (const field of ['code', 'description']) {
    if ((creating || field in values) && (values[field] === undefined || values[field] === '')) errors[field] = [RULE_MESSAGES.required];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return values;
}

export async function createDiscountCode(db: Queryable, contentUrl: string | null, input: DiscountInput): Promise<AdminDiscountCode> {
  assertLocalContent(contentUrl);
  const values = readDiscount(input, true);
  const [row] = await db.query<AdminDiscountCode>(
    `INSERT INTO discount_codes (code, description, sort_order, active) VALUES ($1, $2, $3, $4) RETURNING ${DISCOUNT_COLUMNS}`,
    [values.code, values.description, values.sort_order ?? 0, values.active ?? true],
  );
  return row;
}

export async function updateDiscountCode(db: Queryable, contentUrl: string | null, id: number, input: DiscountInput): Promise<AdminDiscountCode | null> {
  assertLocalContent(contentUrl);
  const values = readDiscount(input, false);
  const fields = Object.keys(values);
  const [row] = await db.query<AdminDiscountCode>(
    `UPDATE discount_codes SET ${[...fields.map((field, index) => `${field} = $${index + 2}`), 'updated_at = now()'].join(', ')}
      WHERE id = $1 RETURNING ${DISCOUNT_COLUMNS}`,
    [id, ...fields.map((field) => values[field])],
  );
  return row ?? null;
}

export async function deleteDiscountCode(db: Queryable, contentUrl: string | null, id: number): Promise<AdminDiscountCode | null> {
  assertLocalContent(contentUrl);
  const [row] = await db.query<AdminDiscountCode>(`DELETE FROM discount_codes WHERE id = $1 RETURNING ${DISCOUNT_COLUMNS}`, [id]);
  return row ?? null;
}
