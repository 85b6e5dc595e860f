/**
 * A claim's mails, through the mail queue in the caller's transaction. When it is made: one to
 * the insurer's claims address (INSURER_CLAIMS_EMAIL) and the member's copy (template
 * 'claim-received'), each with the packet's zip attached. When staff (or the member) change its
 * state: 'claim-updated' to the member with the state and the note.
 *
 * A mail with the zip names its claim in the message log (migration 045), and the mail worker
 * builds the zip when it sends (`claimAttachment`), as it makes an invoice's PDF: the queue's job
 * carries only the message id, never a file or personal data. The insurer's mail is logged under
 * the member, so it is in their message history and goes with an erasure.
 */
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import type { MailAttachment } from '../../adapters/mail.ts';
import { escapeHtml } from '../../lib/html.ts';
import { countryName } from '../../schemas/claim-rules.ts';
import type { Claim } from '../../schemas/claims.ts';
import type { Outbox } from '../messages/outbox.ts';
import { sendMail, sendTemplate } from '../messages/messages.ts';
import { formatDate, formatMoney } from '../proof/certificate-pdf.ts';
import { claimDocuments, claimNumber, loadClaim } from './claims.ts';
import { KIND_WORDS, stateWords } from './claim-words.ts';
import { claimZip, zipFilename, type ReadDocument } from './claim-zip.ts';
import type { PacketConfig } from './claim-pdf.ts';

export const CLAIM_RECEIVED_TEMPLATE = 'claim-received';
export const CLAIM_UPDATED_TEMPLATE = 'claim-updated';

export type ClaimMailConfig = Pick<Config, 'organisationName' | 'insurerClaimsEmail'>;

const instrumentWords = (claim: Claim) => `${claim.snapshot.instrument.make} ${claim.snapshot.instrument.model}`.trim();

interface Recipient {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

/** The member's address, or null when there is none to send to (erased, or none given). */
async function memberRecipient(tx: Queryable, memberId: number): Promise<Recipient | null> {
  const [member] = await tx.query<{ id: number; email: string; first_name: string | null; last_name: string | null }>(
    'SELECT id, email, first_name, last_name FROM accounts WHERE id = $1 AND erased_at IS NULL AND email IS NOT NULL',
    [memberId],
  );
  return member ? { id: member.id, email: member.email, first_name: member.first_name ?? '', last_name: member.last_name ?? '' } : null;
}

/** The insurer's mail: what happened to what and whose, in a few lines; the packet itself is the zip. */
function insurerHtml(claim: Claim, config: ClaimMailConfig): string {
  const { member, instrument } = claim.snapshot;
  const lines: [string, string][] = [
    ['Sak', claimNumber(claim.id)],
    ['Medlem', `${member.first_name} ${member.last_name}, medlemsnummer ${member.member_number ?? 'ikke oppgitt'}`],
    ['Polisenummer', claim.snapshot.policy_number],
    [
      'Instrument',
      `${instrument.category}, ${instrument.make} ${instrument.model}${instrument.serial_number ? `, serienummer ${instrument.serial_number}` : ''}`,
    ],
    ['Forsikringssum', formatMoney(instrument.value, 'nb')],
    ['Hva skjedde', `${KIND_WORDS.nb[claim.kind]} ${formatDate(claim.occurred_on, 'nb')}, ${claim.place} (${countryName(claim.country, 'nb')})`],
    ['Politianmeldelse', claim.police_report ?? 'Ikke anmeldt'],
  ];
  return `<p>Ny skademelding fra ${escapeHtml(config.organisationName)} på vegne av medlemmet.</p>
<p>${lines.map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`).join('<br>')}</p>
<p>Skademeldingen (PDF på norsk og engelsk) og ${claim.documents.length === 1 ? 'dokumentet' : `de ${claim.documents.length} dokumentene`} ligger i den vedlagte zip-filen.</p>
<p>Med vennlig hilsen<br>${escapeHtml(config.organisationName)}</p>`;
}

/**
 * Queues the insurer's mail and the member's copy of a new claim in `tx`, and notes their ids on
 * the claim. The member's copy is left out when the member has no address.
 */
export async function queueClaimMails(tx: Queryable, outbox: Outbox, config: ClaimMailConfig, claim: Claim): Promise<void> {
  const { member } = claim.snapshot;
  const insurerId = await sendMail(tx, outbox, {
    to: config.insurerClaimsEmail,
    subject: `Skademelding ${claimNumber(claim.id)}: ${KIND_WORDS.nb[claim.kind].toLowerCase()} – ${member.first_name} ${member.last_name}, medlemsnummer ${member.member_number ?? '–'}`,
    html: insurerHtml(claim, config),
    fromName: null,
    fromEmail: null,
    memberId: claim.member_id,
    senderId: null,
  });
  const recipient = await memberRecipient(tx, claim.member_id);
  const copyId = recipient
    ? await sendTemplate(tx, outbox, CLAIM_RECEIVED_TEMPLATE, recipient, {
        values: { instrument: instrumentWords(claim), claim_number: claimNumber(claim.id), insurer: claim.snapshot.insurer },
      })
    : null;
  await tx.query('UPDATE message_log SET claim_id = $1 WHERE id = ANY($2::bigint[])', [claim.id, [insurerId, copyId].filter((id) => id !== null)]);
  await tx.query('UPDATE claims SET insurer_message_id = $2, member_message_id = $3 WHERE id = $1', [claim.id, insurerId, copyId]);
}

/** Queues 'claim-updated' to the member in `tx`: the claim's new state and the note; nothing when they have no address. */
export async function queueClaimUpdated(tx: Queryable, outbox: Outbox, claim: Claim, senderId: number | null): Promise<number | null> {
  const recipient = await memberRecipient(tx, claim.member_id);
  if (!recipient) return null;
  return sendTemplate(tx, outbox, CLAIM_UPDATED_TEMPLATE, recipient, {
    values: {
      instrument: instrumentWords(claim),
      claim_number: claimNumber(claim.id),
      state: stateWords(claim.state, claim.outcome),
      note: claim.note ?? '',
    },
    senderId,
  });
}

/** The zip the mail worker attaches to a message that names a claim; null when the claim is gone. */
export async function claimAttachment(db: Queryable, config: PacketConfig, claimId: number, readDocument: ReadDocument): Promise<MailAttachment | null> {
  const claim = await loadClaim(db, claimId);
  if (!claim) return null;
  const content = await claimZip(claim, await claimDocuments(db, claimId), config, readDocument);
  return { filename: zipFilename(claim), contentType: 'application/zip', content };
}
