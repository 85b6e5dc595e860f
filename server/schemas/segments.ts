/** Groups of members ('Utvalg'): GET/POST /api/segment, GET/PATCH/DELETE /api/segment/{id}, the counts. */
import { Type, type Static } from 'typebox';
import { DateOnly, Nullable, Timestamp } from './common.ts';

/** A member's place in the membership: active member, applicant (not yet decided) or lapsed (ended or cancelled). */
export const SEGMENT_STATUSES = ['active', 'applicant', 'lapsed'] as const;
export type SegmentStatus = (typeof SEGMENT_STATUSES)[number];

const PostalCode = Type.String({ pattern: '^[0-9]{4}$', examples: ['0150'] });

/**
 * Which members a group holds: every key given narrows it, a key left out does not. A key that is
 * not one of these is refused with 422 (domain/outreach/segment-filter.ts checks it again).
 */
export const SegmentFilter = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200, description: 'Hvert ord i navn, e-post, telefon, medlemsnummer eller artistnavn' })),
    status: Type.Optional(
      Type.Array(Type.Union([Type.Literal('active'), Type.Literal('applicant'), Type.Literal('lapsed')]), {
        minItems: 1,
        uniqueItems: true,
        description: 'active: aktivt medlem, applicant: søker, lapsed: utmeldt (avsluttet eller oppsagt)',
      }),
    ),
    has_travel: Type.Optional(Type.Boolean({ description: 'Har (true) eller har ikke (false) aktiv reiseforsikring' })),
    has_instruments: Type.Optional(Type.Boolean({ description: 'Har (true) eller har ikke (false) aktiv instrumentforsikring' })),
    postal_code_from: Type.Optional(PostalCode),
    postal_code_to: Type.Optional(PostalCode),
    postal_area: Type.Optional(Type.String({ minLength: 1, maxLength: 100, examples: ['OSLO'], description: 'Poststed, uansett store og små bokstaver' })),
    primary_instrument_type: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Hovedinstrumentets kategori (instrument_categories)' }),
    ),
    campaign_code: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: 'Kampanjekoden medlemmet kom inn med, uansett store og små bokstaver' }),
    ),
    joined_from: Type.Optional(DateOnly),
    joined_to: Type.Optional(DateOnly),
    overdue: Type.Optional(Type.Boolean({ description: 'Har (true) eller har ikke (false) en forfalt, ubetalt faktura' })),
    newsletter_2: Type.Optional(Type.Boolean()),
    newsletter_3: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);
export type SegmentFilter = Static<typeof SegmentFilter>;

export const SegmentBody = Type.Object(
  {
    name: Type.String({ maxLength: 120 }),
    filter: SegmentFilter,
  },
  { additionalProperties: false },
);
export type SegmentBody = Static<typeof SegmentBody>;

export const SegmentPatch = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 120 })),
    filter: Type.Optional(SegmentFilter),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type SegmentPatch = Static<typeof SegmentPatch>;

export const SegmentCountBody = Type.Object({ filter: SegmentFilter }, { additionalProperties: false });

export const SegmentSampleMember = Type.Object({
  id: Type.Integer(),
  member_number: Nullable(Type.Integer()),
  name: Type.String(),
});
export type SegmentSampleMember = Static<typeof SegmentSampleMember>;

/** How many members the filter holds now, and up to 10 of them. */
export const SegmentCount = Type.Object({
  count: Type.Integer(),
  sample: Type.Array(SegmentSampleMember),
});
export type SegmentCount = Static<typeof SegmentCount>;

export const Segment = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  filter: SegmentFilter,
  /** Members in the group when the answer was made. */
  count: Type.Integer(),
  created_by: Nullable(Type.String({ description: 'Navnet på den ansatte som laget utvalget' })),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Segment = Static<typeof Segment>;
