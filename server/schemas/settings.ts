/** The staff settings: template edits, campaign codes, product categories, the Tripletex sync and the content kept here. */
import { Type, type Static } from 'typebox';
import { DateOnly, Nullable, Timestamp } from './common.ts';

/** Every field optional and loosely typed: the domain checks them with the form's own messages. */
export const TemplatePatch = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 300 })),
    content: Type.Optional(Type.String({ maxLength: 200_000 })),
    from_name: Type.Optional(Type.String({ maxLength: 200 })),
    from_email: Type.Optional(Type.String({ maxLength: 254 })),
  },
  { additionalProperties: false },
);
export type TemplatePatch = Static<typeof TemplatePatch>;

export const TemplateTestBody = Type.Object({ member_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })) }, { additionalProperties: false });

export const TemplateTestResult = Type.Object({
  message_id: Type.Integer(),
  to: Type.String(),
});
/** What a test mail of a template answers. */
export type TemplateTestResult = Static<typeof TemplateTestResult>;

export const ProductCategory = Type.Object({ id: Type.Integer(), title: Type.String() });
export type ProductCategory = Static<typeof ProductCategory>;

export const Benefit = Type.Object({ id: Type.Integer(), text: Type.String() });
export type Benefit = Static<typeof Benefit>;

export const Campaign = Type.Object({
  id: Type.Integer(),
  campaign_code_id: Type.Integer({ description: 'Samme som id' }),
  name: Type.String(),
  code: Type.String(),
  period_start: DateOnly,
  period_end: Nullable(DateOnly),
  product_category_id: Type.Integer(),
  product: Nullable(ProductCategory),
  benefit_id: Nullable(Type.Integer()),
  benefit: Nullable(Benefit),
  status: Type.Integer({ description: '1 Aktiv, ellers Avsluttet' }),
  members: Type.Integer({ description: 'Hvor mange medlemmer som har brukt koden' }),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Campaign = Static<typeof Campaign>;

const loose = Type.Union([Type.String({ maxLength: 200 }), Type.Integer(), Type.Null()]);

/** Create and edit: the domain checks required fields, dates and the code's uniqueness. */
export const CampaignBody = Type.Object(
  {
    name: Type.Optional(loose),
    code: Type.Optional(loose),
    period_start: Type.Optional(loose),
    period_end: Type.Optional(loose),
    product_category_id: Type.Optional(loose),
    benefit_id: Type.Optional(loose),
    status: Type.Optional(loose),
  },
  { additionalProperties: true },
);
export type CampaignBody = Static<typeof CampaignBody>;

export const CampaignRemoved = Type.Object({
  data: Campaign,
  /** true: the code was in use and is ended instead of deleted. */
  ended: Type.Boolean(),
});

export const TripletexFailure = Type.Object({ what: Type.String(), message: Type.String() });

export const TripletexRun = Type.Object({
  id: Type.Integer(),
  state: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  started_by: Nullable(Type.Object({ id: Type.Integer(), first_name: Type.String(), last_name: Type.String() })),
  customers_created: Type.Integer(),
  customers_updated: Type.Integer(),
  orders_created: Type.Integer(),
  orders_found: Type.Integer(),
  failures: Type.Array(TripletexFailure),
  error: Nullable(Type.String()),
  created_at: Timestamp,
  finished_at: Nullable(Timestamp),
});
export type TripletexRun = Static<typeof TripletexRun>;

export const VippsExportQuery = Type.Object(
  {
    sort: Type.Optional(Type.String()),
    'filter[created_at_from]': Type.Optional(Type.String()),
    'filter[created_at_to]': Type.Optional(Type.String()),
  },
  { additionalProperties: Type.String() },
);

export const AdminContentPage = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  content: Type.String(),
  updated_at: Timestamp,
});
export type AdminContentPage = Static<typeof AdminContentPage>;

export const ContentPagePatch = Type.Object(
  { title: Type.Optional(Type.String({ maxLength: 300 })), content: Type.Optional(Type.String({ maxLength: 200_000 })) },
  { additionalProperties: false },
);

export const AdminDiscountCode = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  description: Type.String(),
  sort_order: Type.Integer(),
  active: Type.Boolean(),
  updated_at: Timestamp,
});
export type AdminDiscountCode = Static<typeof AdminDiscountCode>;

export const DiscountCodeBody = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 50_000 })),
    sort_order: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
    active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
