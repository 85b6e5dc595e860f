/**
 * The valuation reminders, a daily job: 'valuation-expiring' to the member `reminder_days` before
 * an insured instrument's appraisal runs out (once per instrument and expiry date), and
 * 'valuation-renewal' `renewal_reminder_days` before the renewal for each insured instrument still
 * missing its documentation or with its appraisal run out (once per instrument and renewal).
 *
 * The renewal is the year's renewal run (billing/renewal.ts), which staff start by hand for the
 * next year's invoices; it has no date of its own, so the reminder counts back from 1 January of
 * next year, the day the renewed year begins.
 *
 * Insured means what the certificate says: the instrument active, not deleted, its end not passed,
 * and the member's instrument insurance active; never to an erased or blocked member. Each reminder
 * is claimed in valuation_reminders in the transaction that queues its mail, so a second run, a
 * retry or a second server sends nothing twice.
 */
import { inSteps } from '../../db/step-aside.ts';
import type { Database } from '../../db/database.ts';
import type { Outbox } from '../messages/outbox.ts';
import { PAGE_BUTTONS, sendMail, templateBySlug, templateMail, type Template } from '../messages/messages.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { valuationJoins, valuationPrefilter, valuationSettings } from './valuation.ts';
import type { ValuationSettings } from '../../schemas/valuation.ts';

export const VALUATION_REMINDER_QUEUE = 'valuation-reminders';
export const VALUATION_TEMPLATES = { expiring: 'valuation-expiring', renewal: 'valuation-renewal' } as const;

type Reason = keyof typeof VALUATION_TEMPLATES;

/** The renewal the reminders count back from: 1 January of the year after `today`. */
export const renewalDate = (today: string): string => `${Number(today.slice(0, 4)) + 1}-01-01`;

interface Candidate {
  id: number;
  member_id: number;
  email: string;
  first_name: string;
  last_name: string;
  make: string;
  model: string;
  value: number;
  needs: 'appraisal' | 'receipt';
  state: string;
  expires_on: string | null;
}

/** Insured today ($1) and a member we may write to. */
const INSURED = `i.state = 'active' AND i.deleted_at IS NULL AND (i.insurance_end IS NULL OR i.insurance_end >= $1::date)
  AND a.role_id = 2 AND a.erased_at IS NULL AND NOT a.blocked_access AND a.email IS NOT NULL
  AND EXISTS (SELECT 1 FROM subscriptions s
               WHERE s.member_id = i.member_id AND s.kind = 'instrument' AND s.state = 'active' AND s.deleted_at IS NULL
                 AND (s.subscription_end IS NULL OR s.subscription_end >= $1::date))`;

const CANDIDATE_COLUMNS = `i.id, i.member_id, a.email, a.first_name, a.last_name, i.make, i.model, i.value,
  vn.needs, vt.state, vn.expires_on::text AS expires_on`;

/** Appraisals running out within the reminder days (state 'expiring' today) not yet reminded of. */
function expiringCandidates(db: Database, today: string): Promise<Candidate[]> {
  return db.query<Candidate>(
    `SELECT ${CANDIDATE_COLUMNS}
       FROM instruments i JOIN accounts a ON a.id = i.member_id ${valuationJoins('$1::date')}
      WHERE ${INSURED} AND ${valuationPrefilter(['expiring'])} AND vt.state = 'expiring'
        AND NOT EXISTS (SELECT 1 FROM valuation_reminders r WHERE r.instrument_id = i.id AND r.reason = 'expiring' AND r.about = vn.expires_on)
      ORDER BY i.id`,
    [today],
  );
}

/** Instruments insured past the renewal ($2) still missing their documentation, not yet reminded for it. */
function renewalCandidates(db: Database, today: string, renewal: string): Promise<Candidate[]> {
  return db.query<Candidate>(
    `SELECT ${CANDIDATE_COLUMNS}
       FROM instruments i JOIN accounts a ON a.id = i.member_id ${valuationJoins('$1::date')}
      WHERE ${INSURED} AND (i.insurance_end IS NULL OR i.insurance_end >= $2::date)
        AND ${valuationPrefilter(['missing', 'expired'])} AND vt.state IN ('missing', 'expired')
        AND NOT EXISTS (SELECT 1 FROM valuation_reminders r WHERE r.instrument_id = i.id AND r.reason = 'renewal' AND r.about = $2::date)
      ORDER BY i.id`,
    [today, renewal],
  );
}

const dotted = (iso: string): string => iso.slice(0, 10).split('-').reverse().join('.');
const kroner = (value: number): string => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');

/** What the renewal mail says is missing. */
function missingText(candidate: Candidate, settings: ValuationSettings): string {
  if (candidate.needs === 'receipt') return 'en kvittering eller en takst';
  if (candidate.state === 'expired' && candidate.expires_on) {
    return `en takst som ikke er eldre enn ${settings.appraisal_years} år (den forrige gikk ut ${dotted(candidate.expires_on)})`;
  }
  return `en takst som ikke er eldre enn ${settings.appraisal_years} år`;
}

function valuesOf(reason: Reason, candidate: Candidate, settings: ValuationSettings, renewal: string): Record<string, string> {
  const common = { instrument: `${candidate.make} ${candidate.model}`, value: kroner(candidate.value) };
  if (reason === 'expiring') {
    return {
      ...common,
      expires_on: dotted(candidate.expires_on ?? ''),
      years: String(settings.appraisal_years),
      appraisal_above: kroner(settings.appraisal_above),
    };
  }
  return { ...common, missing: missingText(candidate, settings), renewal_date: dotted(renewal) };
}

/** Reminders sent per transaction; on PGlite a batch holds the one session every request shares. */
const BATCH = { postgres: 200, pglite: 25 };

/** Sends one batch: each reminder claimed first (a claim another run holds sends nothing), then its mail queued. */
async function sendBatch(
  db: Database,
  outbox: Outbox,
  publicUrl: string,
  reason: Reason,
  template: Template,
  batch: Candidate[],
  about: (candidate: Candidate) => string,
  values: (candidate: Candidate) => Record<string, string>,
): Promise<number> {
  const slug = VALUATION_TEMPLATES[reason];
  return db.transaction(async (tx) => {
    let sent = 0;
    for (const candidate of batch) {
      const [claimed] = await tx.query(
        `INSERT INTO valuation_reminders (instrument_id, reason, about) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING instrument_id`,
        [candidate.id, reason, about(candidate)],
      );
      if (!claimed) continue;
      const recipient = { id: candidate.member_id, email: candidate.email, first_name: candidate.first_name, last_name: candidate.last_name };
      const button = { label: PAGE_BUTTONS[slug].label, href: `${publicUrl}${PAGE_BUTTONS[slug].path(candidate.member_id)}` };
      const messageId = await sendMail(tx, outbox, templateMail(template, slug, recipient, { values: values(candidate), button }));
      await tx.query('UPDATE valuation_reminders SET message_id = $4 WHERE instrument_id = $1 AND reason = $2 AND about = $3', [
        candidate.id,
        reason,
        about(candidate),
        messageId,
      ]);
      sent += 1;
    }
    return sent;
  });
}

async function sendAll(
  db: Database,
  outbox: Outbox,
  publicUrl: string,
  reason: Reason,
  candidates: Candidate[],
  about: (candidate: Candidate) => string,
  values: (candidate: Candidate) => Record<string, string>,
): Promise<number> {
  if (candidates.length === 0) return 0;
  const template = await templateBySlug(db, VALUATION_TEMPLATES[reason]);
  const size = BATCH[db.kind];
  let sent = 0;
  let start = 0;
  // On PGlite, the requests in flight get its one session first after each batch.
  await inSteps(db, { pauseOnPostgres: false }, async () => {
    sent += await sendBatch(db, outbox, publicUrl, reason, template, candidates.slice(start, start + size), about, values);
    start += size;
    return start < candidates.length;
  });
  return sent;
}

/** The job: today's expiry reminders, then, within the days before the renewal, the renewal reminders. Answers how many went. */
export async function runValuationReminders(
  db: Database,
  outbox: Outbox,
  publicUrl: string,
  today: string = todayInOslo(),
): Promise<{ expiring: number; renewal: number }> {
  const settings = await valuationSettings(db);
  const expiring = await sendAll(
    db,
    outbox,
    publicUrl,
    'expiring',
    await expiringCandidates(db, today),
    (candidate) => candidate.expires_on!,
    (candidate) => valuesOf('expiring', candidate, settings, ''),
  );
  const renewal = renewalDate(today);
  const [{ due }] = await db.query<{ due: boolean }>('SELECT $1::date >= $2::date - $3::int AS due', [today, renewal, settings.renewal_reminder_days]);
  const renewed = due
    ? await sendAll(
        db,
        outbox,
        publicUrl,
        'renewal',
        await renewalCandidates(db, today, renewal),
        () => renewal,
        (candidate) => valuesOf('renewal', candidate, settings, renewal),
      )
    : 0;
  return { expiring, renewal: renewed };
}
