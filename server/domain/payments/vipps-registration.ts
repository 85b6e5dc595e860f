/**
 * The quick checkout's registration row and the member it makes, shared by the two ways to pay:
 * an ePayment payment (vipps.ts) and a Recurring agreement whose initial charge is the first
 * payment (vipps-signup-agreement.ts). The member is made once: under the row's lock, and only
 * while the row is still CREATED.
 */
import type { Database, Queryable } from '../../db/database.ts';
import type { JobSender, Outbox } from '../messages/outbox.ts';
import { memberPhone, type Payer, type PaymentGateway, type RecurringEvent, type RecurringGateway } from '../../adapters/vipps.ts';
import { isEmailConflict, isEmailTaken } from '../accounts/account-email.ts';
import { createApplicant } from '../members/registration.ts';
import { issueResetLink } from '../accounts/accounts.ts';
import { minSideAddress, sendTemplate } from '../messages/messages.ts';
import { randomSecret } from '../../lib/tokens.ts';
import { RULE_MESSAGES } from '../../schemas/rules.ts';

export interface VippsDeps {
  db: Database;
  outbox: Outbox;
  /** Null when Vipps is not set up (production without VIPPS_* settings). */
  gateway: PaymentGateway | null;
  /** The Recurring API (or the test checkout's agreements): a quick checkout with a yearly agreement; null or absent without it. */
  recurring?: RecurringGateway | null;
  publicUrl: string;
  log?: { warn(object: object, message: string): void };
  /** Where payments on Tripletex's invoices are handed on (invoices paid on Min side); null without Tripletex. */
  ledger?: JobSender | null;
  /** Handles a Recurring event (agreements and charges, vipps-agreements.ts); without it they are only acknowledged. */
  recurringEvent?: (event: RecurringEvent) => Promise<void>;
}

export const VIPPS_TEXTS = {
  /** The spec's message when the order could not be made. */
  createFailed: 'Feil ved opprettelse av ordre',
  notConfigured: 'Betaling med Vipps er ikke tilgjengelig akkurat nå. Meld deg inn med skjemaet i stedet.',
  unknownCampaign: RULE_MESSAGES.campaignCode,
  emailTaken: 'Det finnes allerede en konto med e-postadressen fra Vipps.',
  badSignature: 'Ugyldig signatur.',
  staleWebhook: 'Hendelsen er for gammel eller har feil tidspunkt.',
  amountShort: 'Betalingen ble godkjent for et lavere beløp enn prisen.',
} as const;

export const WEBHOOK_PATH = '/api/vipps_registration/webhook';
export const returnPath = (reference: string) => `/api/vipps_registration/${encodeURIComponent(reference)}/return`;

/** What the payer is told: the membership was made, it was not, or Vipps has not decided yet. */
export type Outcome = 'member' | 'refused' | 'pending' | 'unknown';

export const ENDED_WITHOUT_MEMBER = new Set(['ABORTED', 'EXPIRED', 'TERMINATED', 'CANCELLED', 'REFUNDED']);

export interface RegistrationRow {
  id: number;
  reference: string;
  state: string;
  /** 'payment' (ePayment) or 'agreement' (a Recurring agreement whose initial charge is the first payment). */
  kind: 'payment' | 'agreement';
  amount: number;
  campaign_id: number | null;
  member_id: number | null;
  vipps_agreement_id: string | null;
  initial_charge_id: string | null;
}

export async function loadRegistration(db: Queryable, reference: string): Promise<RegistrationRow | null> {
  const [row] = await db.query<RegistrationRow>(
    `SELECT id, reference, state, kind, amount, campaign_id, member_id, vipps_agreement_id, initial_charge_id
       FROM vipps_registrations WHERE reference = $1`,
    [reference],
  );
  return row ?? null;
}

/** States in which the payer stopped (or let run out) the payment before anything was paid. */
const STOPPED_BY_PAYER = new Set(['ABORTED', 'EXPIRED', 'TERMINATED']);

/**
 * A payment the payer stopped lands on a page that says so and offers a new try; the apology
 * (money sent back, maybe an earlier member) is only for a payment that was taken and refused.
 */
export async function refusedLanding(deps: Pick<VippsDeps, 'db'>, reference: string): Promise<string> {
  const registration = await loadRegistration(deps.db, reference);
  return registration && STOPPED_BY_PAYER.has(registration.state) ? '/vipps-cancelled' : '/vipps-error';
}

/** The registration for an agreement made at sign-up, or null (an agreement set up on Min side). */
export async function registrationOfAgreement(db: Queryable, vippsAgreementId: string): Promise<RegistrationRow | null> {
  const [row] = await db.query<{ reference: string }>('SELECT reference FROM vipps_registrations WHERE vipps_agreement_id = $1', [vippsAgreementId]);
  return row ? loadRegistration(db, row.reference) : null;
}

/** The payment-state outcome of a row as it stands. */
export function outcomeOf(state: string): Outcome {
  if (state === 'AUTHORIZED' || state === 'CAPTURED') return 'member';
  if (state === 'CREATED') return 'pending';
  return 'refused';
}

export interface MemberMade {
  /** The row's state with the member: AUTHORIZED (a payment still to capture) or CAPTURED (the money is drawn). */
  state: 'AUTHORIZED' | 'CAPTURED';
  /** What was drawn (øre), with CAPTURED. */
  captured?: number;
  /** More to do in the member's transaction (the agreement row). */
  withMember?: (tx: Queryable, memberId: number) => Promise<void>;
}

/**
 * Creates the member from the payer (once: the row is locked and must still be CREATED). An e-mail
 * that already has an account refuses the registration (REFUSED) instead; the caller sends the
 * money back.
 */
export async function createMemberFromPayer(deps: VippsDeps, registration: RegistrationRow, payer: Payer, made: MemberMade): Promise<void> {
  const { db, outbox } = deps;
  const phone = memberPhone(payer.phone);
  try {
    await db.transaction(async (tx) => {
      const [locked] = await tx.query<{ state: string }>('SELECT state FROM vipps_registrations WHERE id = $1 FOR UPDATE', [registration.id]);
      if (locked?.state !== 'CREATED') return;
      if (await isEmailTaken(tx, payer.email)) {
        await tx.query("UPDATE vipps_registrations SET state = 'REFUSED', payer = $2, error = $3, updated_at = now() WHERE id = $1", [
          registration.id,
          JSON.stringify(payer),
          VIPPS_TEXTS.emailTaken,
        ]);
        return;
      }
      const member = await createApplicant(tx, {
        first_name: payer.first_name,
        last_name: payer.last_name,
        phone,
        email: payer.email,
        is_previous_member: false,
        // Nobody knows this password: the member chooses one through the link in the welcome mail.
        password: randomSecret(48),
        campaignId: registration.campaign_id,
      });
      const link = await issueResetLink(tx, payer.email, deps.publicUrl);
      await sendTemplate(
        tx,
        outbox,
        'vipps-welcome',
        { id: member.id, email: payer.email, first_name: payer.first_name, last_name: payer.last_name },
        { values: { email: payer.email }, link: link ?? `${deps.publicUrl}/profile/reset-password`, minSide: minSideAddress(deps.publicUrl) },
      );
      await tx.query(
        `UPDATE vipps_registrations SET state = $2, payer = $3, member_id = $4, captured_amount = captured_amount + $5, updated_at = now()
          WHERE id = $1`,
        [registration.id, made.state, JSON.stringify(payer), member.id, made.captured ?? 0],
      );
      await made.withMember?.(tx, member.id);
    });
  } catch (error) {
    // Another account took the address at the same moment: the unique index decides.
    if (!isEmailConflict(error)) throw error;
    await db.query("UPDATE vipps_registrations SET state = 'REFUSED', payer = $2, error = $3, updated_at = now() WHERE id = $1 AND state = 'CREATED'", [
      registration.id,
      JSON.stringify(payer),
      VIPPS_TEXTS.emailTaken,
    ]);
  }
}
