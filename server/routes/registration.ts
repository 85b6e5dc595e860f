/**
 * Sign-up step one (spec section 7, POST /api/member/register); step two is the member PATCH.
 * The answer is the login shape, so the applicant goes on to step two signed in.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginResponse, Registration } from '../schemas/auth.ts';
import { tooManyRequests } from '../lib/http-errors.ts';
import { hit } from '../lib/rate-limit.ts';
import { createAccessToken } from '../lib/tokens.ts';
import { refuseSignUp, signUp } from '../domain/members/sign-up.ts';
import { schemaErrors } from '../lib/schema-errors.ts';
import { errorResponses } from '../schemas/responses.ts';

const REGISTRATIONS_PER_IP = 10;
const WINDOW_SECONDS = 10 * 60;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, outbox, config } = app.services;

  app.post(
    '/member/register',
    {
      config: { access: 'public', accessLog: false },
      attachValidation: true,
      schema: {
        tags: ['Innmelding'],
        summary: 'Innmelding steg én: lager en søker med medlemskap til behandling og logger søkeren inn',
        body: Registration,
        response: { ...errorResponses(429), 201: LoginResponse },
      },
    },
    async (request, reply) => {
      const limit = await hit(db, `register:ip:${request.ip}`, WINDOW_SECONDS);
      if (limit.hits > REGISTRATIONS_PER_IP) throw tooManyRequests(limit.resetIn, REGISTRATIONS_PER_IP);
      if (request.validationError) throw refuseSignUp(schemaErrors(request.validationError.validation));
      const body = request.body;
      const applicant = await signUp(db, outbox, body, request.ip, config.publicUrl);
      request.log.info({ memberId: applicant.id, possibleDuplicateOf: applicant.possibleDuplicateOf }, 'applicant registered');

      const { token, expiresAt } = await createAccessToken(db, applicant.id, { remember: false, name: 'registration' });
      return reply.code(201).send({
        user_id: applicant.id,
        registration_completed: 0,
        access_token: token,
        first_name: body.first_name.trim(),
        last_name: body.last_name.trim(),
        role: { id: 1 },
        blocked_access: false,
        expires_at: expiresAt.toISOString(),
      });
    },
  );
};

export default routes;
