/**
 * Staff are told of each lapse. The transaction that lapses an invoice writes a notice (migration
 * 028); at the end of the reminder run one mail to the office (SUPPORT_EMAIL) lists every notice not
 * yet told (member number, name, invoice number, the amount that was outstanding), queued through
 * the outbox in the transaction that marks them told. A run cut off between a lapse and the mail
 * tells staff at the next run, and no lapse is told twice. The mail is the staff-editable template
 * 'membership-lapsed-staff'; its {members} is the server's table, never a value staff type.
 */
import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.ts';
import type { Outbox } from '../messages/outbox.ts';
import { sendMail, templateBySlug, templateMail } from '../messages/messages.ts';
import { escapeHtml } from '../../lib/html.ts';
import { dottedDate, formatKroner } from './money.ts';
import { ERASED_NAME, OSLO_TODAY } from './invoices.ts';

export const LAPSE_STAFF_TEMPLATE = 'membership-lapsed-staff';

/** In the transaction that lapses the invoice: staff are to be told, with what was outstanding. */
export async function recordLapseNotice(tx: Queryable, invoiceId: number, outstandingOre: number): Promise<void> {
  await tx.query('INSERT INTO lapse_notices (invoice_id, amount_ore) VALUES ($1, $2)', [invoiceId, outstandingOre]);
}

interface LapsedRow {
  id: number;
  member_number: number;
  member_name: string;
  invoice_number: number;
  amount_ore: number;
}

/** The members as a table in the mail (every value escaped; the body is sanitised again when logged). */
export function lapsedMembersTable(rows: readonly Pick<LapsedRow, 'member_number' | 'member_name' | 'invoice_number' | 'amount_ore'>[]): string {
  const right = ' style="text-align:right"';
  const body = rows
    .map(
      (row) =>
        `<tr><td>${row.member_number}</td><td>${escapeHtml(row.member_name)}</td>` +
        `<td${right}>${row.invoice_number}</td><td${right}>${escapeHtml(formatKroner(row.amount_ore))}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Medlemsnr.</th><th>Navn</th><th${right}>Faktura</th><th${right}>Utestående</th></tr></thead><tbody>${body}</tbody></table>`;
}

/**
 * Mails the office every lapse not yet told, in one mail, and marks them told, in one transaction.
 * Answers the message log id, or null when there was nothing to tell (no mail).
 */
export async function tellStaffOfLapses(db: Database, outbox: Outbox, officeEmail: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<LapsedRow>(
      `SELECT n.id, i.member_number, i.number AS invoice_number, n.amount_ore,
              CASE WHEN a.id IS NULL OR a.erased_at IS NOT NULL OR a.first_name IS NULL THEN '${ERASED_NAME}'
                   ELSE trim(a.first_name || ' ' || coalesce(a.last_name, '')) END AS member_name
         FROM lapse_notices n JOIN invoices i ON i.id = n.invoice_id LEFT JOIN accounts a ON a.id = i.member_id
        WHERE n.told_at IS NULL
        ORDER BY i.member_number, i.number, n.id
          FOR UPDATE OF n`,
    );
    if (rows.length === 0) return null;
    const [today] = await tx.query<{ today: string }>(`SELECT ${OSLO_TODAY}::text AS today`);
    // The table goes in where the template has {members}, after the template is filled and sanitised
    // (as the button does): a one-off token no one can type stands there until then.
    const token = `mplist${randomBytes(16).toString('hex')}`;
    const template = await templateBySlug(tx, LAPSE_STAFF_TEMPLATE);
    const mail = templateMail(
      template,
      LAPSE_STAFF_TEMPLATE,
      { id: null, email: officeEmail, first_name: '', last_name: '' },
      {
        values: { count: String(rows.length), date: dottedDate(today.today), members: token },
      },
    );
    const table = lapsedMembersTable(rows);
    const messageId = await sendMail(tx, outbox, {
      ...mail,
      subject: mail.subject.replaceAll(token, ''),
      html: mail.html.includes(token) ? mail.html.replaceAll(token, table) : `${mail.html}${table}`,
    });
    await tx.query('UPDATE lapse_notices SET told_at = now(), message_id = $2 WHERE id = ANY($1::bigint[])', [rows.map((row) => row.id), messageId]);
    return messageId;
  });
}
