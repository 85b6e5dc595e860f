/**
 * What an unsubscribe link does (no sign-in: the signed token is the permission). Reading it
 * shows the member's choices and changes nothing, since mail scanners open links; a POST turns
 * the link's kind off (the button on the page, or the mail client's one-click request of
 * RFC 8058), or sets one of the member's two optional choices from the page. Each change is
 * recorded as a consent change from 'unsubscribe' with the send whose message carried the link,
 * and in the member's change history.
 *
 * Every call is counted per client address: a mail provider's one-click requests for many members
 * come from a few addresses, so the limit is generous; guessing a token is hopeless anyway
 * (132 bits of signature), the limit only keeps load down.
 */
import type { Database, Queryable } from '../../db/database.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { reserve } from '../../lib/rate-limit.ts';
import type { Keys } from '../../lib/secret-key.ts';
import type { UnsubscribeChoice, UnsubscribeState } from '../../schemas/unsubscribe.ts';
import { recordConsentChanges } from '../privacy/privacy.ts';
import { OPTIONAL_KINDS, consentKinds } from './consent-kinds.ts';
import { readUnsubscribeToken, type OptionalKind, type UnsubscribeClaim } from './unsubscribe-token.ts';

/** Calls per client address a minute. */
export const UNSUBSCRIBES_PER_MINUTE = 120;

export const UNSUBSCRIBE_MESSAGES = {
  notFound:
    'Lenken for å melde deg av er ikke gyldig. Kopier hele lenken fra e-posten eller SMS-en, ' +
    'eller logg inn på Min side for å velge hva du vil få fra oss.',
} as const;

export interface UnsubscribeDeps {
  db: Database;
  keys: Keys;
}

const FALLBACK_NAMES: Record<OptionalKind, { nb: string; en: string }> = {
  newsletter_2: { nb: 'Nyhetsbrev 2', en: 'Newsletter 2' },
  newsletter_3: { nb: 'Nyhetsbrev 3', en: 'Newsletter 3' },
};

type Choices = Record<OptionalKind, boolean>;

const unknownLink = () => new HttpError(404, { message: UNSUBSCRIBE_MESSAGES.notFound });

/** The member's two choices, or null for no such member (or one erased, or not a member). */
async function choicesOf(db: Queryable, memberId: number, forUpdate = false): Promise<Choices | null> {
  const [row] = await db.query<Choices>(
    `SELECT newsletter_2, newsletter_3 FROM accounts
      WHERE id = $1 AND role_id IN (1, 2) AND erased_at IS NULL${forUpdate ? ' FOR UPDATE' : ''}`,
    [memberId],
  );
  return row ?? null;
}

async function stateOf(db: Queryable, kind: OptionalKind, choices: Choices): Promise<UnsubscribeState> {
  const names = { ...FALLBACK_NAMES };
  for (const row of await consentKinds(db)) names[row.kind] = { nb: row.label_nb, en: row.label_en };
  const order = [kind, ...OPTIONAL_KINDS.filter((other) => other !== kind)];
  return {
    kind,
    kind_label: names[kind].nb,
    kind_label_en: names[kind].en,
    consents: order.map((each) => ({ kind: each, label: names[each].nb, label_en: names[each].en, given: choices[each] })),
  };
}

/** Counts the call against the client's address (429 past the limit), then reads the token (404 when it is not ours). */
async function claimOf(deps: UnsubscribeDeps, token: string, ip: string): Promise<UnsubscribeClaim> {
  await reserve(deps.db, `unsubscribe:ip:${ip}`, 60, UNSUBSCRIBES_PER_MINUTE);
  const claim = readUnsubscribeToken(deps.keys, token);
  if (!claim) throw unknownLink();
  return claim;
}

/** What the link is for and the member's choices now; changes nothing. */
export async function unsubscribeState(deps: UnsubscribeDeps, token: string, ip: string): Promise<UnsubscribeState> {
  const claim = await claimOf(deps, token, ip);
  const choices = await choicesOf(deps.db, claim.memberId);
  if (!choices) throw unknownLink();
  return stateOf(deps.db, claim.kind, choices);
}

/**
 * Turns the link's kind off (`choice` null: the page's button or the mail client's one-click
 * request), or sets one of the member's choices. Setting what is already set records nothing.
 */
export async function changeByLink(deps: UnsubscribeDeps, token: string, ip: string, choice: UnsubscribeChoice | null): Promise<UnsubscribeState> {
  const claim = await claimOf(deps, token, ip);
  const kind = choice?.kind ?? claim.kind;
  const given = choice?.given ?? false;
  return deps.db.transaction(async (tx) => {
    const choices = await choicesOf(tx, claim.memberId, true);
    if (!choices) throw unknownLink();
    if (choices[kind] !== given) {
      const changes = { [kind]: [choices[kind], given] as [boolean, boolean] };
      await tx.query(
        `UPDATE accounts SET newsletter_2 = CASE WHEN $3 = 'newsletter_2' THEN $2 ELSE newsletter_2 END,
                             newsletter_3 = CASE WHEN $3 = 'newsletter_3' THEN $2 ELSE newsletter_3 END, updated_at = now()
          WHERE id = $1`,
        [claim.memberId, given, kind],
      );
      await recordConsentChanges(tx, claim.memberId, changes, 'unsubscribe', null, claim.outreachId);
      // The change history shows it as the member's own (changed_by is the member).
      await tx.query('INSERT INTO member_changes (member_id, changed_by, changes) VALUES ($1, $1, $2)', [claim.memberId, JSON.stringify(changes)]);
      choices[kind] = given;
    }
    return stateOf(tx, claim.kind, choices);
  });
}
