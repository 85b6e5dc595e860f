/** Schemas of what a member does from Min side besides the profile: a campaign code, the member card by SMS. */
import { Type, type Static } from 'typebox';

export const CampaignRef = Type.Object({ id: Type.Integer(), name: Type.String(), code: Type.String() });

export const AddCode = Type.Object({ campaign_code: Type.String({ minLength: 1, maxLength: 100 }) });
export type AddCode = Static<typeof AddCode>;

export const AddCodeAnswer = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({ campaign_code: Type.String(), campaign: CampaignRef }),
});
export type AddCodeAnswer = Static<typeof AddCodeAnswer>;

export const SendCard = Type.Object({
  member_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  phone_number: Type.Optional(Type.String({ maxLength: 30 })),
});
export type SendCard = Static<typeof SendCard>;

export const SendCardAnswer = Type.Object({ success: Type.Literal(true), message: Type.String() });
export type SendCardAnswer = Static<typeof SendCardAnswer>;
