/**
 * An erased member is a row kept for the accounts: nothing personal can be filled in from it,
 * and nothing personal is written into it again.
 */
import { conflict, validationFailed, type HttpError } from '../../lib/http-errors.ts';

/** The access log's words for an erasure (a 'change' entry); the staff access report counts these as their own kind. */
export const ERASURE_DETAIL = 'Personopplysninger slettet';

export const ERASED_MESSAGES = {
  template: 'Medlemmets personopplysninger er slettet, så malen kan ikke fylles ut for medlemmet.',
  change: 'Medlemmets personopplysninger er slettet, og medlemmet kan ikke endres.',
} as const;

/** A template filled in for an erased member: 422 on member_id. */
export const erasedForTemplate = (): HttpError => validationFailed({ member_id: [ERASED_MESSAGES.template] });

/** A change to an erased member: 409, the member's state allows none. */
export const erasedForChange = (): HttpError => conflict(ERASED_MESSAGES.change);
