/**
 * The kinds of message a send can be: the required one ('Nødvendig informasjon', always on) and
 * the two optional ones members say yes or no to, whose names staff set (consent_kinds, migration 040).
 */
import type { Queryable } from '../../db/database.ts';
import type { OptionalKind } from './unsubscribe-token.ts';
import { validationFailed } from '../../lib/http-errors.ts';
import { RULE_MESSAGES } from '../../schemas/rules.ts';
import type { ConsentKindsBody } from '../../schemas/unsubscribe.ts';

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

export const KIND_NAME_MAX = 80;
export const KIND_NAME_MESSAGES = {
  tooLong: `Navnet kan ha høyst ${KIND_NAME_MAX} tegn`,
  same: 'De to typene kan ikke ha samme navn',
} as const;

/** Gives both optional kinds new names (trimmed, 1–80 characters; the two not the same); 422 naming each bad field. */
export async function updateConsentKinds(db: Queryable, body: ConsentKindsBody): Promise<ConsentKind[]> {
  const errors: Record<string, string[]> = {};
  const names = OPTIONAL_KINDS.map((kind) => {
    const checked = { kind, label_nb: body[kind].label_nb.trim(), label_en: body[kind].label_en.trim() };
    for (const field of ['label_nb', 'label_en'] as const) {
      const value = checked[field];
      if (value.length === 0) errors[`${kind}.${field}`] = [RULE_MESSAGES.fillIn];
      else if ([...value].length > KIND_NAME_MAX) errors[`${kind}.${field}`] = [KIND_NAME_MESSAGES.tooLong];
    }
    return checked;
  });
  const [second, third] = names;
  for (const field of ['label_nb', 'label_en'] as const) {
    const key = `newsletter_3.${field}`;
    if (!errors[`newsletter_2.${field}`] && !errors[key] && second[field].toLocaleLowerCase('nb') === third[field].toLocaleLowerCase('nb')) {
      errors[key] = [KIND_NAME_MESSAGES.same];
    }
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  for (const { kind, label_nb, label_en } of names) {
    await db.query(
      `INSERT INTO consent_kinds (kind, label_nb, label_en) VALUES ($1, $2, $3)
       ON CONFLICT (kind) DO UPDATE SET label_nb = excluded.label_nb, label_en = excluded.label_en, updated_at = now()`,
      [kind, label_nb, label_en],
    );
  }
  return consentKinds(db);
}
