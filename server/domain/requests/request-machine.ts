/**
 * The one state machine every request goes through: a membership application, a travel
 * insurance order and an instrument (new, changed or deleted). A request is pending until staff
 * accept or reject it; a rejected one can be reopened (pending again) or accepted after all.
 * Each area locks its row (SELECT … FOR UPDATE) in a transaction, asks `nextState`, and only
 * then makes its changes, so two staff acting at once get one change and one 409.
 */
import type { Queryable } from '../../db/database.ts';
import { conflict, validationFailed } from '../../lib/http-errors.ts';
import { htmlToText, sanitizeRichText } from '../../lib/html.ts';
import { RULE_MESSAGES } from '../../schemas/rules.ts';
import type { Outbox } from '../messages/outbox.ts';
import type { BillingConfig } from '../../config.ts';

export type RequestState = 'pending' | 'active' | 'rejected';
export type RequestAction = 'accept' | 'reject' | 'reopen';

const TRANSITIONS: Record<RequestAction, { from: readonly RequestState[]; to: RequestState }> = {
  accept: { from: ['pending', 'rejected'], to: 'active' },
  reject: { from: ['pending'], to: 'rejected' },
  reopen: { from: ['rejected'], to: 'pending' },
};

export const TRANSITION_REFUSED: Record<RequestAction, string> = {
  accept: 'Forespørselen er allerede behandlet, og kan ikke aksepteres nå. Oppdater siden for å se hvordan den står.',
  reject: 'Bare en forespørsel som venter, kan avvises. Den er allerede behandlet; oppdater siden for å se hvordan den står.',
  reopen: 'Bare en avvist forespørsel kan åpnes igjen.',
};

/** Whether `action` may be taken on a request in `state`. */
export const canTransition = (state: string, action: RequestAction): boolean => (TRANSITIONS[action].from as readonly string[]).includes(state);

/** The state after `action`; throws 409 with a Norwegian message when the action is not allowed now. */
export function nextState(state: string, action: RequestAction): RequestState {
  if (!canTransition(state, action)) throw conflict(TRANSITION_REFUSED[action]);
  return TRANSITIONS[action].to;
}

/**
 * The reject reason as stored and sent: sanitised rich text. A reason with no text in it (an
 * empty editor leaves '<p></p>') is refused with the form's own message.
 */
export function rejectionReason(html: string): string {
  const clean = sanitizeRichText(html).trim();
  if (htmlToText(clean) === '') throw validationFailed({ reason: [RULE_MESSAGES.required] });
  return clean;
}

/*
 * What a request area's effects get. Declared here, in the machine every area imports, so the
 * kinds' effects (membership-requests.ts, travel-requests.ts) and subscription-requests.ts,
 * which picks among them, import in one direction only.
 */

/** The locked subscription, as it was before the action. */
export interface RequestRow {
  id: number;
  member_id: number;
  kind: 'membership' | 'travel' | 'instrument';
  state: string;
  product_id: number;
}

export interface RequestContext {
  tx: Queryable;
  outbox: Outbox;
  staffId: number;
  row: RequestRow;
  /** The billing defaults (due days) for the invoice accepting a membership or cover makes. */
  billing: BillingConfig;
}

/** What one kind of request does beyond the change of state, in the same transaction. */
export interface RequestEffects {
  accept(context: RequestContext): Promise<void>;
  reject(context: RequestContext & { reason: string; sendEmail: boolean }): Promise<void>;
  reopen(context: RequestContext): Promise<void>;
}
