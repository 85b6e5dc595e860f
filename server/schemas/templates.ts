/** E-mail templates: the texts the system sends (rejections, welcome, …), edited by staff. */
import { Type, type Static } from 'typebox';
import { Timestamp } from './common.ts';

export const EmailTemplate = Type.Object({
  id: Type.Integer(),
  title: Type.String({ description: 'Emnet' }),
  content: Type.String({
    description: 'Sanert HTML med plassholderne {first_name} og {last_name}; {button} i teksten er der systemet setter inn knappen med lenken',
  }),
  from_name: Type.String(),
  from_email: Type.String(),
  placeholders: Type.Array(Type.String(), { description: 'Plassholderne malen kan bruke, uten klammer (button: knappen med lenken)' }),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type EmailTemplate = Static<typeof EmailTemplate>;

/** A template filled in for one member, as it would be sent. */
export const TemplatePreview = Type.Object({
  template_id: Type.Integer(),
  member_id: Type.Integer(),
  to: Type.String(),
  subject: Type.String(),
  html: Type.String({ description: 'Sanert HTML, med medlemmets navn satt inn (escaped)' }),
  from_name: Type.String(),
  from_email: Type.String(),
});
export type TemplatePreview = Static<typeof TemplatePreview>;

export const TemplatePreviewQuery = Type.Object({
  member_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
});
