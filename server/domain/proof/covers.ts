/**
 * What a certificate certifies: the member's travel cover and instrument insurance in force today,
 * and the hash of each that a certificate's token signs, so a changed cover no longer checks.
 */
import type { Queryable } from '../../db/database.ts';
import { contentHash } from './proof-tokens.ts';
import { endOfYear } from './proof.ts';
import { DOCUMENTS_LATERAL } from '../insurance/valuation.ts';

export type TravelProduct = 'Europa' | 'Verden';

export interface TravelCover {
  product: TravelProduct;
  from: string;
  to: string;
}

export interface InsuredInstrument {
  id: number;
  category_id: number;
  category: string;
  make: string;
  model: string;
  serial_number: string | null;
  value: number;
  insurance_start: string;
  /** The latest appraisal's value and date, if any, and whether a receipt is kept: noted on the certificate, not signed. */
  documented_value: number | null;
  documented_on: string | null;
  has_receipt: boolean;
}

export interface InstrumentCover {
  from: string;
  to: string;
  instruments: InsuredInstrument[];
  total_value: number;
}

/** The member's travel cover in force (an active one, or the accepted cover behind a pending change), or null. */
export async function travelCover(db: Queryable, memberId: number, today: string): Promise<TravelCover | null> {
  const rows = await db.query<{ product_id: number; start: string | null; end: string | null; created: string }>(
    `SELECT CASE WHEN s.state = 'active' THEN s.product_id ELSE (s.accepted_cover->>'product_id')::int END AS product_id,
            CASE WHEN s.state = 'active' THEN s.subscription_start ELSE (s.accepted_cover->>'subscription_start')::date END AS start,
            CASE WHEN s.state = 'active' THEN s.subscription_end ELSE (s.accepted_cover->>'subscription_end')::date END AS "end",
            (s.created_at AT TIME ZONE 'Europe/Oslo')::date AS created
       FROM subscriptions s
      WHERE s.member_id = $1 AND s.kind = 'travel' AND s.deleted_at IS NULL
        AND (s.state = 'active' OR (s.state = 'pending' AND s.accepted_cover IS NOT NULL))
      ORDER BY s.id DESC`,
    [memberId],
  );
  for (const row of rows) {
    const to = row.end ?? endOfYear(today);
    if (to < today) continue;
    const product: TravelProduct | null = row.product_id === 2 ? 'Verden' : row.product_id === 1 ? 'Europa' : null;
    if (!product) continue;
    return { product, from: row.start ?? String(row.created), to };
  }
  return null;
}

/** The member's instrument insurance in force with its insured instruments, or null when there is none or nothing is insured. */
export async function instrumentCover(db: Queryable, memberId: number, today: string): Promise<InstrumentCover | null> {
  const [subscription] = await db.query<{ start: string | null; end: string | null; created: string }>(
    `SELECT subscription_start AS start, subscription_end AS "end", (created_at AT TIME ZONE 'Europe/Oslo')::date AS created
       FROM subscriptions
      WHERE member_id = $1 AND kind = 'instrument' AND state = 'active' AND deleted_at IS NULL
        AND (subscription_end IS NULL OR subscription_end >= $2::date)
      ORDER BY id DESC LIMIT 1`,
    [memberId, today],
  );
  if (!subscription) return null;
  const instruments = await db.query<InsuredInstrument>(
    `SELECT i.id, i.instrument_category AS category_id, c.title AS category, i.make, i.model, i.serial_number, i.value,
            i.insurance_start, vd.appraised_value AS documented_value, vd.appraised_on::text AS documented_on, vd.has_receipt
       FROM instruments i JOIN instrument_categories c ON c.id = i.instrument_category
       ${DOCUMENTS_LATERAL}
      WHERE i.member_id = $1 AND i.state = 'active' AND i.deleted_at IS NULL
        AND (i.insurance_end IS NULL OR i.insurance_end >= $2::date)
      ORDER BY i.insurance_start, i.id`,
    [memberId, today],
  );
  if (instruments.length === 0) return null;
  const from = subscription.start ?? instruments.map((item) => item.insurance_start).sort()[0] ?? String(subscription.created);
  return {
    from,
    to: subscription.end ?? endOfYear(today),
    instruments,
    total_value: instruments.reduce((sum, item) => sum + item.value, 0),
  };
}

export function travelHash(memberNumber: number, cover: TravelCover): string {
  return contentHash(['travel', memberNumber, cover.product, cover.from, cover.to]);
}

export function instrumentHash(memberNumber: number, cover: InstrumentCover): string {
  const items = [...cover.instruments]
    .sort((a, b) => a.id - b.id)
    .map((item) => [item.id, item.category_id, item.make, item.model, item.serial_number ?? '', item.value, item.insurance_start]);
  return contentHash(['instruments', memberNumber, cover.from, cover.to, items]);
}
