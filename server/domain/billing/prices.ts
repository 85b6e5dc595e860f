/**
 * Product prices per year (whole kroner, as products carry them). An invoice copies the price of
 * the year it is for into its lines, so a price changed later never reaches a past invoice. A year
 * without its own price has the latest earlier year's; staff set next year's before the renewal
 * run and may correct this year's, never a year that is over.
 */
import type { Database, Queryable } from '../../db/database.ts';
import { validationFailed } from '../../lib/http-errors.ts';
import type { PricePatchBody, PriceRow } from '../../schemas/billing.ts';
import { todayInOslo } from '../shared/oslo-date.ts';

export const PAST_YEAR = 'Priser for et år som er over, kan ikke endres.';
export const UNKNOWN_PRODUCT = 'Produktet finnes ikke.';

export const currentYear = (): number => Number(todayInOslo().slice(0, 4));

/** A product's price for `year`: the year's own, or the latest earlier year's, or the product's. */
export async function priceFor(db: Queryable, productId: number, year: number): Promise<number> {
  const [row] = await db.query<{ price: number }>(
    `SELECT coalesce(
       (SELECT pp.price FROM product_prices pp WHERE pp.product_id = p.id AND pp.year <= $2 ORDER BY pp.year DESC LIMIT 1),
       p.price) AS price
       FROM products p WHERE p.id = $1`,
    [productId, year],
  );
  if (!row) throw new Error(`Produkt uten pris: ${productId}`);
  return row.price;
}

/** Every product with its price for `year`, `inherited` when the year has no price of its own. */
export function priceList(db: Queryable, year: number): Promise<PriceRow[]> {
  return db.query<PriceRow>(
    `SELECT p.id AS product_id, p.name, p.kind, c.title AS category, $1::int AS year,
            coalesce(own.price, earlier.price, p.price) AS price, own.price IS NULL AS inherited
       FROM products p
       LEFT JOIN product_categories c ON c.id = p.product_category_id
       LEFT JOIN product_prices own ON own.product_id = p.id AND own.year = $1
       LEFT JOIN LATERAL (SELECT pp.price FROM product_prices pp WHERE pp.product_id = p.id AND pp.year < $1
                           ORDER BY pp.year DESC LIMIT 1) earlier ON TRUE
      ORDER BY p.id`,
    [year],
  );
}

/**
 * Sets the year's prices. A past year is refused; this year's price is also the product's own
 * (what Min side and the order forms show today).
 */
export async function setPrices(db: Database, body: PricePatchBody, staffId: number): Promise<PriceRow[]> {
  if (body.year < currentYear()) throw validationFailed({ year: [PAST_YEAR] });
  return db.transaction(async (tx) => {
    const ids = body.prices.map((row) => row.product_id);
    const known = new Set((await tx.query<{ id: number }>('SELECT id FROM products WHERE id = ANY($1::int[])', [ids])).map((row) => row.id));
    const errors: Record<string, string[]> = {};
    body.prices.forEach((row, index) => {
      if (!known.has(row.product_id)) errors[`prices.${index}.product_id`] = [UNKNOWN_PRODUCT];
    });
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    for (const row of body.prices) {
      await tx.query(
        `INSERT INTO product_prices (product_id, year, price, updated_by) VALUES ($1, $2, $3, $4)
         ON CONFLICT (product_id, year) DO UPDATE SET price = EXCLUDED.price, updated_by = EXCLUDED.updated_by, updated_at = now()`,
        [row.product_id, body.year, row.price, staffId],
      );
      if (body.year === currentYear()) await tx.query('UPDATE products SET price = $2 WHERE id = $1', [row.product_id, row.price]);
    }
    return priceList(tx, body.year);
  });
}
