/**
 * A send's report: how many it was for, how far it has come, who was skipped, who unsubscribed from
 * its link, and each failure with the reason the mail server or SMS gateway gave (also as xlsx).
 */
import type { Queryable } from '../../db/database.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import type { OutreachReport } from '../../schemas/outreach.ts';
import { outreachRecord } from './outreach-model.ts';

type Failure = OutreachReport['failures'][number];

/** The words a skipped recipient's reason is shown with. */
export const SKIP_REASONS: Record<string, string> = {
  erased: 'Slettet',
  blocked: 'Sperret',
  no_consent: 'Har ikke samtykket',
  no_address: 'Mangler adresse',
};

async function failures(db: Queryable, id: number): Promise<Failure[]> {
  return db.query<Failure>(
    `SELECT r.member_id, a.first_name || ' ' || a.last_name AS name, r.channel, m.email_to AS address,
            coalesce(m.error, 'Kunne ikke sendes') AS reason
       FROM outreach_recipients r JOIN accounts a ON a.id = r.member_id JOIN message_log m ON m.id = r.message_id
      WHERE r.outreach_id = $1 AND m.status = 'failed'
      ORDER BY a.last_name, a.first_name, r.member_id`,
    [id],
  );
}

/** The report; 404 when there is no such send. */
export async function outreachReport(db: Queryable, id: number): Promise<OutreachReport> {
  await outreachRecord(db, id);
  const [counts] = await db.query<Omit<OutreachReport, 'failures'>>(
    `SELECT count(*)::int AS recipients,
            count(*) FILTER (WHERE r.state = 'pending' OR m.status = 'queued')::int AS queued,
            count(*) FILTER (WHERE m.status = 'sent')::int AS sent,
            count(*) FILTER (WHERE m.status = 'failed')::int AS failed,
            count(*) FILTER (WHERE r.state = 'skipped')::int AS skipped,
            (SELECT count(DISTINCT c.member_id)::int FROM consent_changes c WHERE c.outreach_id = $1 AND c.source = 'unsubscribe' AND NOT c.given)
              AS unsubscribed
       FROM outreach_recipients r LEFT JOIN message_log m ON m.id = r.message_id
      WHERE r.outreach_id = $1`,
    [id],
  );
  return { ...counts, failures: await failures(db, id) };
}

export const failureFilename = (id: number) => `utsendelse-${id}-feil.xlsx`;

export const FAILURE_COLUMNS: CsvColumn<Failure>[] = [
  { header: 'Medlem-ID', value: (row) => row.member_id },
  { header: 'Navn', value: (row) => row.name },
  { header: 'Kanal', value: (row) => (row.channel === 'email' ? 'E-post' : 'SMS') },
  { header: 'Adresse', value: (row) => row.address },
  { header: 'Årsak', value: (row) => row.reason },
];

/** The failures as one batch for lib/xlsx.ts sendXlsx; 404 when there is no such send. */
export async function failureRows(db: Queryable, id: number): Promise<AsyncIterable<readonly Failure[]>> {
  await outreachRecord(db, id);
  const rows = await failures(db, id);
  return (async function* batches() {
    yield rows;
  })();
}
