/** The names of the two optional kinds of message members say yes or no to ('Innstillinger' → 'Meldingstyper'). */
import { http } from '../common/http.ts';
import type { Static } from 'typebox';
import type { ConsentKindSchema, ConsentKindsBody } from '../../server/schemas/unsubscribe.ts';
import { unwrap } from './errors.ts';

export type ConsentKind = Static<typeof ConsentKindSchema>;
export type { ConsentKindsBody };

export interface ConsentKindMethods {
  consentKinds(): Promise<ConsentKind[]>;
  /** Both kinds' names at once; a refused name answers 422 with the field (`newsletter_2.label_nb`). */
  saveConsentKinds(body: ConsentKindsBody): Promise<ConsentKind[]>;
}

export const consentKindMethods: ConsentKindMethods = {
  async consentKinds() {
    return unwrap(await http.get<{ data: ConsentKind[] }>('/api/consent-kinds')).data;
  },
  async saveConsentKinds(body) {
    return unwrap(await http.put<{ data: ConsentKind[] }>('/api/consent-kinds', body)).data;
  },
};
