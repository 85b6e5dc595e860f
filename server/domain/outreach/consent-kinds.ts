/**
 * The kinds of message a send can be: the required one ('Nødvendig informasjon', always on) and
 * the two optional ones members say yes or no to, whose names staff set (consent_kinds, migration 040).
 */
import type { Queryable } from '../../db/database.ts';
import type { OptionalKind } from './unsubscribe-token.ts';

export type OutreachKind = 'required' | OptionalKind;

export const OPTIONAL_KINDS: readonly OptionalKind[] = ['newsletter_2', 'newsletter_3'];
export const REQUIRED_LABEL = { nb: 'Nødvendig informasjon', en: 'Necessary information' } as const;

export interface ConsentKind {
  kind: OptionalKind;
  label_nb: string;
  label_en: string;
}

/** The optional kinds with their names, newsletter_2 first. */
export async function consentKinds(db: Queryable): Promise<ConsentKind[]> {
  return db.query<ConsentKind>('SELECT kind, label_nb, label_en FROM consent_kinds ORDER BY kind');
}

/** Each kind's name in Norwegian, the required one's included. */
export async function kindLabels(db: Queryable): Promise<Record<OutreachKind, string>> {
  const kinds = await consentKinds(db);
  const labels = { required: REQUIRED_LABEL.nb, newsletter_2: 'Nyhetsbrev 2', newsletter_3: 'Nyhetsbrev 3' };
  for (const { kind, label_nb } of kinds) labels[kind] = label_nb;
  return labels;
}
