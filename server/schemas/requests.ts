/** What every reject call takes: the reason (the mail's text) and whether to mail it. */
import { Type, type Static } from 'typebox';

export const RejectBody = Type.Object(
  {
    reason: Type.String({ maxLength: 20000, description: 'Begrunnelsen (rik tekst, HTML); den sendes som e-postens tekst' }),
    send_email: Type.Boolean({ default: true, description: 'Send begrunnelsen på e-post til medlemmet' }),
  },
  { additionalProperties: false },
);
export type RejectBody = Static<typeof RejectBody>;
