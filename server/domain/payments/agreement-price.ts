/**
 * What a Vipps agreement is for and costs a year: the membership product's dues for this year and,
 * when the member chooses it, the premiums of the covers (travel, instrument) they have now, at
 * this year's prices. Prices are whole kroner in the catalogue; the answer is øre.
 */
import type { Queryable } from '../../db/database.ts';
import { currentYear } from '../billing/prices.ts';

export interface AgreementPrice {
  productId: number;
  productName: string;
  duesOre: number;
  /** This year's premiums of the member's active covers (whether or not they are drawn). */
  premiumsOre: number;
}

const YEAR_PRICE = `coalesce((SELECT pp.price FROM product_prices pp WHERE pp.product_id = p.id AND pp.year <= $1 ORDER BY pp.year DESC LIMIT 1), p.price)`;

/** The dues and, for `memberId`, the premiums of their active covers. */
export async function agreementPrice(db: Queryable, memberId: number): Promise<AgreementPrice> {
  const [row] = await db.query<{ id: number; name: string; price: number; premiums: number }>(
    `SELECT p.id, p.name, ${YEAR_PRICE} AS price,
            (SELECT coalesce(sum(${YEAR_PRICE}), 0)::int
               FROM subscriptions s JOIN products p ON p.id = s.product_id
              WHERE s.member_id = $2 AND s.kind IN ('travel', 'instrument') AND s.state = 'active' AND s.deleted_at IS NULL
                AND (s.subscription_end IS NULL OR s.subscription_end >= (now() AT TIME ZONE 'Europe/Oslo')::date)) AS premiums
       FROM products p WHERE p.kind = 'membership' ORDER BY p.id LIMIT 1`,
    [currentYear(), memberId],
  );
  if (!row) throw new Error('Det finnes ikke noe medlemskapsprodukt (products.kind = membership)');
  return { productId: row.id, productName: row.name, duesOre: row.price * 100, premiumsOre: row.premiums * 100 };
}

/** The dues alone, for an agreement made before there is a member (the quick checkout's). */
export async function duesOf(db: Queryable): Promise<Omit<AgreementPrice, 'premiumsOre'>> {
  const { premiumsOre: _premiums, ...dues } = await agreementPrice(db, 0);
  return dues;
}
