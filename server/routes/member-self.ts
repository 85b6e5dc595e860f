/** What a member does from Min side besides editing the profile: add a campaign code, get the member card by SMS. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../schemas/common.ts';
import { AddCode, AddCodeAnswer, SendCard, SendCardAnswer } from '../schemas/member-self.ts';
import { HttpError, notFound, tooManyRequests, validationFailed } from '../lib/http-errors.ts';
import { hit } from '../lib/rate-limit.ts';
import { htmlToText } from '../lib/html.ts';
import { assertOwnMember } from '../lib/access.ts';
import { addCampaignCode } from '../domain/campaigns.ts';
import { fillTemplate, templateBySlug } from '../domain/messages.ts';
import { sendSms } from '../domain/sms.ts';
import { RULE_MESSAGES, SMS_PHONE_MIN_LENGTH } from '../schemas/rules.ts';
import { findCardHolder } from '../domain/member-card.ts';
import { toE164 } from '../lib/phone.ts';

export const INVALID_CODE = 'Ugyldig kampanjekode';
export const CARD_SENT = 'Ditt medlemskort har blitt tilsendt';
export const PHONE_REQUIRED = RULE_MESSAGES.smsRequired;
export const PHONE_TOO_SHORT = RULE_MESSAGES.smsMin;
export const CODE_MISSING = 'Du må legge til en kampanjekode før du kan få tilsendt medlemskortet.';
const SMS_FAILED = 'Medlemskortet kunne ikke sendes akkurat nå. Prøv igjen senere, eller kontakt oss.';
const CARDS_PER_HOUR = 3;

/** add-code answers in the shape its client reads: `success`, and `error.campaign_code[0]`. */
const refuseCode = (message: string) => {
  const errors = { campaign_code: [message] };
  return validationFailed(errors, { success: false, error: errors });
};

function phoneErrors(raw: string | undefined): string[] {
  const phone = raw?.trim() ?? '';
  if (phone === '') return [PHONE_REQUIRED];
  if (phone.replace(/\D/g, '').length < SMS_PHONE_MIN_LENGTH) return [PHONE_TOO_SHORT];
  if (!toE164(phone)) return ['Ugyldig telefonnummer'];
  return [];
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, outbox } = app.services;

  /** The member's own record (404 for another member's id or an id that is no member). */
  async function memberOrNotFound(id: number) {
    const member = await findCardHolder(db, id);
    if (!member) throw notFound();
    return member;
  }

  app.post(
    '/member/:id/add-code',
    {
      config: { access: 'signed-in' },
      attachValidation: true,
      schema: {
        tags: ['Min side'],
        summary: 'Legg til en kampanjekode på medlemmet',
        params: IdParams,
        body: AddCode,
        response: { 200: AddCodeAnswer },
      },
    },
    async (request) => {
      if (request.validationError?.validationContext === 'params') throw notFound();
      const account = assertOwnMember(request, request.params.id);
      await memberOrNotFound(request.params.id);
      if (request.validationError) throw refuseCode(RULE_MESSAGES.fillIn);
      const campaign = await addCampaignCode(db, request.params.id, request.body.campaign_code, account.id);
      if (!campaign) throw refuseCode(INVALID_CODE);
      return { success: true as const, data: { campaign_code: campaign.code, campaign } };
    },
  );

  app.post(
    '/member/send-card',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['Min side'],
        summary: 'Send medlemskortet på SMS (krever at medlemmet har en kampanjekode)',
        body: SendCard,
        response: { 200: SendCardAnswer },
      },
    },
    async (request) => {
      const { member_id: memberId, phone_number: phoneNumber } = request.body;
      const account = assertOwnMember(request, memberId);
      const member = await memberOrNotFound(memberId);
      const phoneProblems = phoneErrors(phoneNumber);
      if (phoneProblems.length > 0) throw validationFailed({ phone_number: phoneProblems });
      if (!member.campaign_code) throw validationFailed({ campaign_code: [CODE_MISSING] });

      const limit = await hit(db, `send-card:member:${memberId}`, 60 * 60);
      if (limit.hits > CARDS_PER_HOUR) throw tooManyRequests(limit.resetIn, CARDS_PER_HOUR);

      const template = await templateBySlug(db, 'member-card');
      const values = {
        first_name: member.first_name,
        member_number: member.remote_id === null ? 'under behandling' : String(member.remote_id),
        campaign_code: member.campaign_code,
      };
      try {
        await sendSms(db, outbox, {
          to: phoneNumber!.replace(/[\s-]/g, ''),
          text: fillTemplate(htmlToText(template.content), values, false),
          subject: template.title,
          memberId,
          senderId: account.id,
        });
      } catch (error) {
        request.log.error({ err: error, memberId }, 'member card SMS failed');
        throw new HttpError(502, { message: SMS_FAILED, success: false });
      }
      return { success: true as const, message: CARD_SENT };
    },
  );
};

export default routes;
