/**
 * A claim's way: 'sent' when the member reports it, then staff move it to 'in_progress', to
 * 'decided' with an outcome, or to 'withdrawn', each time with a note the member sees (a note
 * alone, while in progress, is a change too: what staff ask for or tell). A decided claim may be
 * taken up again (an appeal); a withdrawn one is closed. The member may withdraw their own claim
 * while it is sent or in progress, and nothing else. Every change is a row of the history and a
 * 'claim-updated' mail to the member, in one transaction; anything else is 409 or 422.
 */
import type { Database } from '../../db/database.ts';
import { conflict, notFound, validationFailed } from '../../lib/http-errors.ts';
import { CLAIM_LIMITS, type ClaimOutcome, type ClaimState } from '../../schemas/claim-rules.ts';
import type { Claim, ClaimPatchBody } from '../../schemas/claims.ts';
import type { Outbox } from '../messages/outbox.ts';
import { loadClaim, type ClaimActor } from './claims.ts';
import { queueClaimUpdated } from './claim-mail.ts';
import { STATE_WORDS } from './claim-words.ts';
import { CLAIM_TEXTS } from './claim-texts.ts';

export const STATE_REFUSED = {
  move: (from: ClaimState, to: ClaimState) => `En skademelding som er «${STATE_WORDS.nb[from]}», kan ikke settes til «${STATE_WORDS.nb[to]}».`,
  closed: 'Skademeldingen er trukket og kan ikke endres.',
  outcome: 'Velg utfallet: godkjent, delvis godkjent eller avslått',
  outcomeOnlyDecided: 'Utfallet settes bare når saken avgjøres',
  noteNeeded: 'Skriv en merknad til medlemmet, eller velg en annen status',
  memberWithdrawOnly: CLAIM_TEXTS.memberWithdrawOnly.nb,
  memberNote: CLAIM_TEXTS.memberNote.nb,
  memberTooLate: CLAIM_TEXTS.memberTooLate.nb,
  noteTooLong: `Merknaden kan ikke være mer enn ${CLAIM_LIMITS.note} tegn`,
} as const;

/** Where staff may move a claim from each state. */
const STAFF_MOVES: Record<ClaimState, readonly ClaimState[]> = {
  sent: ['in_progress', 'decided', 'withdrawn'],
  in_progress: ['in_progress', 'decided', 'withdrawn'],
  decided: ['in_progress'],
  withdrawn: [],
};

/** What the change is once checked: the new state, its outcome and note. */
interface Change {
  state: ClaimState;
  outcome: ClaimOutcome | null;
  note: string | null;
}

function checked(actor: ClaimActor, from: ClaimState, body: ClaimPatchBody): Change {
  const note = body.note?.trim() || null;
  if (!actor.staff) {
    if (body.state !== 'withdrawn') throw validationFailed({ state: [STATE_REFUSED.memberWithdrawOnly] });
    if (note !== null || body.outcome) throw validationFailed({ note: [STATE_REFUSED.memberNote] });
    if (from !== 'sent' && from !== 'in_progress') throw conflict(STATE_REFUSED.memberTooLate);
    return { state: 'withdrawn', outcome: null, note: null };
  }
  if (from === 'withdrawn') throw conflict(STATE_REFUSED.closed);
  if (!STAFF_MOVES[from].includes(body.state)) throw conflict(STATE_REFUSED.move(from, body.state));
  const errors: Record<string, string[]> = {};
  if (body.state === 'decided' && !body.outcome) errors.outcome = [STATE_REFUSED.outcome];
  if (body.state !== 'decided' && body.outcome) errors.outcome = [STATE_REFUSED.outcomeOnlyDecided];
  if (note !== null && note.length > CLAIM_LIMITS.note) errors.note = [STATE_REFUSED.noteTooLong];
  else if (body.state === from && note === null) errors.note = [STATE_REFUSED.noteNeeded];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return { state: body.state, outcome: body.state === 'decided' ? body.outcome! : null, note };
}

/**
 * Staff change a claim's state (with a note), or the member withdraws their own; 404 for a
 * member's claim that is not theirs. The member is mailed the new state and the note.
 */
export async function changeClaimState(db: Database, outbox: Outbox, actor: ClaimActor, id: number, body: ClaimPatchBody): Promise<Claim> {
  await db.transaction(async (tx) => {
    const [row] = await tx.query<{ member_id: number; state: ClaimState }>('SELECT member_id, state FROM claims WHERE id = $1 FOR UPDATE', [id]);
    if (!row || (!actor.staff && row.member_id !== actor.id)) throw notFound();
    const change = checked(actor, row.state, body);
    // The claim's note is the one that came with its state now; the history keeps each.
    await tx.query('UPDATE claims SET state = $2, outcome = $3, note = $4, updated_at = now() WHERE id = $1', [id, change.state, change.outcome, change.note]);
    await tx.query('INSERT INTO claim_events (claim_id, state, outcome, note, changed_by) VALUES ($1, $2, $3, $4, $5)', [
      id,
      change.state,
      change.outcome,
      change.note,
      actor.id,
    ]);
    await queueClaimUpdated(tx, outbox, (await loadClaim(tx, id))!, actor.staff ? actor.id : null);
  });
  return (await loadClaim(db, id))!;
}
