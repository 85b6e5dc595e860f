/** What a member does from Min side besides editing the profile: add a campaign code, get the member card by SMS. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../schemas/common.ts';
import { AddCode, AddCodeAnswer, SendCard, SendCardAnswer } from '../schemas/member-self.ts';
import { RULE_MESSAGES } from '../schemas/rules.ts';
import { HttpError, notFound, validationFailed } from '../lib/http-errors.ts';
import { assertOwnMember } from '../lib/access.ts';
import { addCampaignCode } from '../domain/settings/campaigns.ts';
import { findCardHolder, sendMemberCard } from '../domain/proof/member-card.ts';
import { errorResponses } from '../schemas/responses.ts';

export const INVALID_CODE = RULE_MESSAGES.campaignCode;
export const CARD_SENT = 'Ditt medlemskort har blitt tilsendt';
const SMS_FAILED = 'Medlemskortet kunne ikke sendes akkurat nå. Prøv igjen senere, eller kontakt oss.';

/** add-code answers in the shape its client reads: `success`, and `error.campaign_code[0]`. */
const refuseCode = (message: string) => {
  const errors = { campaign_code: [message] };
  return validationFailed(errors, { success: false, error: errors });
};

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, outbox, config } = app.services;

  /** 404 for an id that is no member (another member's id is refused before, by assertOwnMember). */
  async function memberOrNotFound(id: number) {
    if (!(await findCardHolder(db, id))) throw notFound();
  }

  app.post(
    '/member/:id/add-code',
    {
      config: { right: 'members.change', access: 'signed-in', accessLog: { kind: 'change', detail: 'Kampanjekode' } },
      attachValidation: true,
      schema: {
        tags: ['Min side'],
        summary: 'Legg til en kampanjekode på medlemmet',
        params: IdParams,
        body: AddCode,
        response: { ...errorResponses(429), 200: AddCodeAnswer },
      },
    },
    async (request) => {
      if (request.validationError?.validationContext === 'params') throw notFound();
      const account = assertOwnMember(request, request.params.id);
      await memberOrNotFound(request.params.id);
      if (request.validationError) throw refuseCode(RULE_MESSAGES.fillIn);
      const campaign = await addCampaignCode(db, request.params.id, request.body.campaign_code, { changedBy: account.id, ip: request.ip });
      if (!campaign) throw refuseCode(INVALID_CODE);
      return { success: true as const, data: { campaign_code: campaign.code, campaign } };
    },
  );

  app.post(
    '/member/send-card',
    {
      config: { right: 'cards.send', access: 'signed-in', accessLog: false },
      schema: {
        tags: ['Min side'],
        summary: 'Send medlemskortet på SMS (krever at medlemmet har en kampanjekode)',
        body: SendCard,
        response: { ...errorResponses(429), 200: SendCardAnswer },
      },
    },
    async (request) => {
      const { member_id: memberId, phone_number: phoneNumber } = request.body;
      const account = assertOwnMember(request, memberId);
      try {
        await sendMemberCard(db, outbox, config, { memberId, phone: phoneNumber, senderId: account.id });
      } catch (error) {
        if (error instanceof HttpError) throw error;
        request.log.error({ err: error, memberId }, 'member card SMS not queued');
        throw new HttpError(502, { message: SMS_FAILED, success: false });
      }
      return { success: true as const, message: CARD_SENT };
    },
  );
};

export default routes;
