/**
 * What ordering or changing travel insurance answers a member, in Norwegian and English: the
 * form's shared rules (schemas/travel-rules.ts, kept side by side there for the browsers) and the
 * server's own refusals. An English request gets the English (lib/language.ts).
 */
import { paired, type Catalogue } from '../../lib/language.ts';
import { TRAVEL_MESSAGES, TRAVEL_MESSAGES_EN } from '../../schemas/travel-rules.ts';

export const TRAVEL_TEXTS = {
  ended: {
    nb: 'Denne reiseforsikringen er avsluttet og kan ikke endres. Bestill en ny.',
    en: 'This travel insurance has ended and cannot be changed. Order a new one.',
  },
} as const satisfies Catalogue;

export const TRAVEL_RULE_TEXTS: Catalogue = paired(TRAVEL_MESSAGES, TRAVEL_MESSAGES_EN);
