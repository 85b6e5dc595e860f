/** Reference data the forms read: postal areas, instrument categories, products. */
import type { Queryable } from '../../db/database.ts';
import type { InstrumentCategory, PostalCode, Product } from '../../schemas/reference.ts';

const CATEGORY_COLUMNS = 'id, title, use_member, use_insurance';

export async function findPostalCode(db: Queryable, code: string): Promise<PostalCode | null> {
  const [row] = await db.query<PostalCode>('SELECT code, area FROM postal_codes WHERE code = $1', [code]);
  return row ?? null;
}

export const instrumentCategories = (db: Queryable): Promise<InstrumentCategory[]> =>
  db.query<InstrumentCategory>(`SELECT ${CATEGORY_COLUMNS} FROM instrument_categories ORDER BY title, id`);

export async function findInstrumentCategory(db: Queryable, id: number): Promise<InstrumentCategory | null> {
  const [row] = await db.query<InstrumentCategory>(`SELECT ${CATEGORY_COLUMNS} FROM instrument_categories WHERE id = $1`, [id]);
  return row ?? null;
}

export const products = (db: Queryable): Promise<Product[]> => db.query<Product>('SELECT id, name, price, remote_id, kind FROM products ORDER BY id');
