/** Members, campaigns and invoices for the billing tests. */
import type { Database } from '../../server/db/database.ts';
import { invoiceRestOfYear } from '../../server/domain/billing/first-invoice.ts';
import { createAccount, type AccountInput } from './helpers.ts';
import { PRODUCTS } from './factories-member-admin.ts';
import type { Config } from '../../server/config.ts';
import { writeOcrGiro, type OcrGiroTransactionInput } from '../../server/lib/ocr-giro.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';

let nextNumber = 70000 + (process.pid % 1000) * 10;

/** A member (role 2) with a member number and an active membership; answers ids. */
export async function billedMember(db: Database, input: AccountInput & { benefit?: number; invoice_method?: string } = {}) {
  const { benefit, invoice_method: invoiceMethod, ...account } = input;
  const created = await createAccount(db, { remote_id: nextNumber++, ...account });
  if (invoiceMethod) await db.query('UPDATE accounts SET invoice_method = $2 WHERE id = $1', [created.id, invoiceMethod]);
  let code: string | null = null;
  if (benefit !== undefined) {
    code = `FORDEL${benefit}-${created.id}`;
    const [campaign] = await db.query<{ id: number }>(
      `INSERT INTO campaigns (name, code, period_start, product_category_id, benefit_id) VALUES ($1, $1, '2020-01-01', 1, $2) RETURNING id`,
      [code, benefit],
    );
    await db.query('UPDATE accounts SET campaign_id = $2 WHERE id = $1', [created.id, campaign.id]);
  }
  const [membership] = await db.query<{ id: number }>(
    `INSERT INTO subscriptions (member_id, product_id, kind, state) VALUES ($1, $2, 'membership', 'active') RETURNING id`,
    [created.id, PRODUCTS.membership],
  );
  const [{ remote_id: remoteId }] = await db.query<{ remote_id: number }>('SELECT remote_id FROM accounts WHERE id = $1', [created.id]);
  return { ...created, remoteId, membership: membership.id, code };
}

/** An active travel cover of the member. */
export async function activeTravel(db: Database, memberId: number, productId: number = PRODUCTS.travel): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO subscriptions (member_id, product_id, kind, state) VALUES ($1, $2, 'travel', 'active') RETURNING id`,
    [memberId, productId],
  );
  return row.id;
}

/** The member's first invoice as if staff accepted them on `today`; answers the invoice id. */
export async function firstInvoice(db: Database, config: Config, member: { id: number; membership: number }, today: string): Promise<number> {
  const id = await db.transaction((tx) =>
    invoiceRestOfYear(tx, { memberId: member.id, membershipSubscriptionId: member.membership, actorId: null, today, billing: config.billing }),
  );
  if (id === null) throw new Error('no invoice made');
  return id;
}

/** An OCR giro file of today, as the bank sends it (Latin-1): one assignment of `transactions` to `account`. */
export function ocrGiroFile(account: string, transmissionNumber: number, transactions: OcrGiroTransactionInput[]): Buffer {
  const text = writeOcrGiro({
    transmissionNumber,
    dataRecipient: '00123456',
    date: todayInOslo(),
    assignments: [{ assignmentNumber: 1, agreementId: '000123456', account, transactions }],
  });
  return Buffer.from(text, 'latin1');
}
