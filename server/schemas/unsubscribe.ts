/** Schemas of the public unsubscribe link and of the optional kinds' names staff set. */
import { Type, type Static } from 'typebox';

export const OptionalKindSchema = Type.Union([Type.Literal('newsletter_2'), Type.Literal('newsletter_3')]);

export const UnsubscribeParams = Type.Object({ token: Type.String({ maxLength: 100, examples: ['1.2.0.AAAAAAAAAAAAAAAAAAAAAA'] }) });

export const UnsubscribeConsent = Type.Object({
  kind: OptionalKindSchema,
  label: Type.String(),
  label_en: Type.String(),
  given: Type.Boolean(),
});

export const UnsubscribeState = Type.Object({
  /** The kind the link is for. */
  kind: OptionalKindSchema,
  kind_label: Type.String(),
  kind_label_en: Type.String(),
  /** The member's choices for both optional kinds, the link's first. */
  consents: Type.Array(UnsubscribeConsent),
});
export type UnsubscribeState = Static<typeof UnsubscribeState>;

/** A change of one of the member's choices from the page. */
export const UnsubscribeChoice = Type.Object({ kind: OptionalKindSchema, given: Type.Boolean() }, { additionalProperties: false });
export type UnsubscribeChoice = Static<typeof UnsubscribeChoice>;

/** The mail client's one-click request (RFC 8058): exactly `List-Unsubscribe=One-Click`. */
export const OneClickForm = Type.Object({ 'List-Unsubscribe': Type.Literal('One-Click') });

export const ConsentKindSchema = Type.Object({
  kind: OptionalKindSchema,
  label_nb: Type.String(),
  label_en: Type.String(),
});

const ConsentKindNames = Type.Object({ label_nb: Type.String({ maxLength: 200 }), label_en: Type.String({ maxLength: 200 }) });
/** Both optional kinds' names, in bokmål and English (1–80 characters each, checked by the domain). */
export const ConsentKindsBody = Type.Object({ newsletter_2: ConsentKindNames, newsletter_3: ConsentKindNames });
export type ConsentKindsBody = Static<typeof ConsentKindsBody>;
