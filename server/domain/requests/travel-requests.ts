/**
 * What accepting, rejecting and reopening a travel insurance order does (see
 * subscription-requests.ts): accepting invoices it (a member's new cover gets an invoice for the rest of the year), rejecting gives a changed cover back and
 * mails the reason when staff ask for it; each writes an iteration for the travel log.
 */
import type { RequestEffects } from './request-machine.ts';
import { sendRejectionMail } from '../messages/messages.ts';
import { snapshotSubscription } from '../insurance/iterations.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { invoiceRestOfYear } from '../billing/first-invoice.ts';

export const travelEffects: RequestEffects = {
  async accept({ tx, outbox, staffId, row, billing }) {
    const today = todayInOslo();
    // A new cover of a member is invoiced for the rest of the year; a changed one was invoiced already.
    const [{ changed }] = await tx.query<{ changed: boolean }>('SELECT accepted_cover IS NOT NULL AS changed FROM subscriptions WHERE id = $1', [row.id]);
    if (!changed) await invoiceRestOfYear(tx, { memberId: row.member_id, actorId: staffId, today, billing, outbox });
    await tx.query(
      `UPDATE subscriptions
          SET accepted_cover = NULL,
              invoiced_for = coalesce(subscription_end,
                (extract(year FROM greatest(coalesce(subscription_start, $2::date), $2::date))::int || '-12-31')::date)
        WHERE id = $1`,
      [row.id, today],
    );
    await snapshotSubscription(tx, row.id, staffId);
  },

  async reject({ tx, outbox, staffId, row, reason, sendEmail }) {
    // A rejected change leaves the member with the cover they had before it.
    await tx.query(
      `UPDATE subscriptions
          SET product_id = (accepted_cover->>'product_id')::int,
              value = (accepted_cover->>'value')::int,
              subscription_start = (accepted_cover->>'subscription_start')::date,
              subscription_end = (accepted_cover->>'subscription_end')::date,
              invoiced_for = (accepted_cover->>'invoiced_for')::date,
              state = 'active', accepted_cover = NULL
        WHERE id = $1 AND accepted_cover IS NOT NULL`,
      [row.id],
    );
    await snapshotSubscription(tx, row.id, staffId);
    if (!sendEmail) return;
    const [member] = await tx.query<{ id: number; email: string; first_name: string; last_name: string }>(
      'SELECT id, email, first_name, last_name FROM accounts WHERE id = $1',
      [row.member_id],
    );
    await sendRejectionMail(tx, outbox, 'travel', member, reason, staffId);
  },

  async reopen({ tx, staffId, row }) {
    await tx.query(`UPDATE subscriptions SET accepted_cover = NULL WHERE id = $1`, [row.id]);
    await snapshotSubscription(tx, row.id, staffId);
  },
};
