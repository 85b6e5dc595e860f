/**
 * A member reports a claim on one of their insured instruments. The form's rules are the shared
 * ones (schemas/claim-rules.ts); here the register's: the instrument is the member's (another
 * member's answers 404, like one that does not exist), it is insured, and was insured on the day
 * it happened; the documents named are the instrument's own. One claim at a time per instrument
 * waits (a second tap on the phone's send button makes no second claim).
 *
 * What the register says now is kept with the claim (the snapshot: the member, the instrument and
 * its latest appraisal, the policy and the insurer), the documents are tied to it, the history
 * starts with 'sent', and the mails to the insurer and the member are queued in the same transaction.
 */
import type { Config } from '../../config.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { conflict, notFound, validationFailed } from '../../lib/http-errors.ts';
import { claimErrors } from '../../schemas/claim-rules.ts';
import type { Claim, ClaimNewBody, ClaimSnapshot } from '../../schemas/claims.ts';
import type { Outbox } from '../messages/outbox.ts';
import { formatDate } from '../proof/certificate-pdf.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { loadClaim } from './claims.ts';
import { CLAIM_TEXTS } from './claim-texts.ts';
import { fill } from '../../lib/language.ts';
import { queueClaimMails, type ClaimMailConfig } from './claim-mail.ts';

export const CLAIM_REFUSED = {
  notInsured: CLAIM_TEXTS.notInsured.nb,
  beforeStart: (start: string) => fill(CLAIM_TEXTS.beforeStart.nb, { start: formatDate(start, 'nb') }),
  otherInstrument: CLAIM_TEXTS.otherInstrument.nb,
  open: CLAIM_TEXTS.open.nb,
} as const;

export type ClaimCreateConfig = ClaimMailConfig & Pick<Config, 'insurerName' | 'instrumentPolicyNumber'>;

interface InstrumentRow {
  id: number;
  member_id: number;
  state: string;
  deleted_at: Date | null;
  insurance_start: string;
  insurance_end: string | null;
  category_id: number;
  category: string;
  make: string;
  model: string;
  serial_number: string | null;
  value: number;
}

/** The instrument locked (so two sends of one form make one claim), or 404 when it is not the member's. */
async function lockOwnInstrument(tx: Queryable, memberId: number, id: number): Promise<InstrumentRow> {
  const [row] = await tx.query<InstrumentRow>(
    `SELECT i.id, i.member_id, i.state, i.deleted_at, i.insurance_start, i.insurance_end, i.instrument_category AS category_id,
            c.title AS category, i.make, i.model, i.serial_number, i.value
       FROM instruments i JOIN instrument_categories c ON c.id = i.instrument_category
      WHERE i.id = $1 FOR UPDATE OF i`,
    [id],
  );
  if (!row || row.member_id !== memberId) throw notFound();
  return row;
}

/** The documents that go with the claim: those named (each the instrument's own), or all of the instrument's. */
async function chosenDocuments(tx: Queryable, memberId: number, instrumentId: number, ids: readonly number[] | undefined): Promise<number[]> {
  if (ids === undefined) {
    const rows = await tx.query<{ id: number }>('SELECT id FROM documents WHERE instrument_id = $1 ORDER BY created_at, id', [instrumentId]);
    return rows.map((row) => row.id);
  }
  const wanted = [...new Set(ids)];
  const rows = await tx.query<{ id: number; member_id: number; instrument_id: number }>(
    'SELECT id, member_id, instrument_id FROM documents WHERE id = ANY($1::int[])',
    [wanted],
  );
  // Another member's document is as unknown as one that does not exist.
  if (rows.length !== wanted.length || rows.some((row) => row.member_id !== memberId)) throw notFound();
  if (rows.some((row) => row.instrument_id !== instrumentId)) throw validationFailed({ document_ids: [CLAIM_REFUSED.otherInstrument] });
  return wanted;
}

async function memberSnapshot(tx: Queryable, memberId: number): Promise<ClaimSnapshot['member']> {
  const [member] = await tx.query<ClaimSnapshot['member']>(
    `SELECT id, remote_id AS member_number, coalesce(first_name, '') AS first_name, coalesce(last_name, '') AS last_name,
            email, phone, address, postal_code, postal_area
       FROM accounts WHERE id = $1`,
    [memberId],
  );
  return member;
}

async function latestAppraisal(tx: Queryable, instrumentId: number): Promise<ClaimSnapshot['appraisal']> {
  const [row] = await tx.query<{ valued_on: string; value: number }>(
    `SELECT valued_on, value FROM documents WHERE instrument_id = $1 AND kind = 'appraisal'
      ORDER BY valued_on DESC, created_at DESC, id DESC LIMIT 1`,
    [instrumentId],
  );
  return row ?? null;
}

/** Makes the claim and queues its mails; answers it as GET /api/claim/{id} does. */
export async function createClaim(db: Database, outbox: Outbox, config: ClaimCreateConfig, memberId: number, body: ClaimNewBody): Promise<Claim> {
  const today = todayInOslo();
  const errors = claimErrors(body, today);
  if (Object.keys(errors).length > 0) {
    throw validationFailed(Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]])));
  }
  const id = await db.transaction(async (tx) => {
    const instrument = await lockOwnInstrument(tx, memberId, body.instrument_id);
    const insured = instrument.state === 'active' && instrument.deleted_at === null && (instrument.insurance_end === null || instrument.insurance_end >= today);
    if (!insured) throw validationFailed({ instrument_id: [CLAIM_REFUSED.notInsured] });
    if (body.occurred_on < instrument.insurance_start) throw validationFailed({ occurred_on: [CLAIM_REFUSED.beforeStart(instrument.insurance_start)] });
    const [open] = await tx.query("SELECT 1 FROM claims WHERE instrument_id = $1 AND state IN ('sent', 'in_progress')", [instrument.id]);
    if (open) throw conflict(CLAIM_REFUSED.open);
    const documents = await chosenDocuments(tx, memberId, instrument.id, body.document_ids);

    const snapshot: ClaimSnapshot = {
      member: await memberSnapshot(tx, memberId),
      instrument: {
        id: instrument.id,
        category_id: instrument.category_id,
        category: instrument.category,
        make: instrument.make,
        model: instrument.model,
        serial_number: instrument.serial_number,
        value: instrument.value,
        insurance_start: instrument.insurance_start,
      },
      appraisal: await latestAppraisal(tx, instrument.id),
      policy_number: config.instrumentPolicyNumber,
      insurer: config.insurerName,
    };
    const policeReport = body.police_report?.trim() || null;
    const [claim] = await tx.query<{ id: number }>(
      `INSERT INTO claims (member_id, instrument_id, kind, occurred_on, place, country, description, police_report, snapshot)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [memberId, instrument.id, body.kind, body.occurred_on, body.place.trim(), body.country, body.description.trim(), policeReport, JSON.stringify(snapshot)],
    );
    await tx.query('INSERT INTO claim_documents (claim_id, document_id) SELECT $1, unnest($2::int[])', [claim.id, documents]);
    await tx.query("INSERT INTO claim_events (claim_id, state, changed_by) VALUES ($1, 'sent', $2)", [claim.id, memberId]);
    await queueClaimMails(tx, outbox, config, (await loadClaim(tx, claim.id))!);
    return claim.id;
  });
  return (await loadClaim(db, id))!;
}
