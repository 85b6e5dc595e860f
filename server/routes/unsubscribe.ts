/**
 * The unsubscribe link of a send's messages (no sign-in, rate limited, never cached): GET shows
 * the member's choices and changes nothing; POST turns the link's kind off, answering a mail
 * client's one-click request (RFC 8058) too, or sets one of the two choices from the page.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataOf } from '../schemas/common.ts';
import { errorResponses } from '../schemas/responses.ts';
import { OneClickForm, UnsubscribeChoice, UnsubscribeParams, UnsubscribeState } from '../schemas/unsubscribe.ts';
import { changeByLink, unsubscribeState } from '../domain/outreach/unsubscribe.ts';
import multipart from '@fastify/multipart';
import { HttpError } from '../lib/http-errors.ts';
import { multipartError } from '../lib/multipart.ts';

const FORM = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';
/** A one-click request is one short field; anything bigger is not one. */
const FORM_LIMIT = 4096;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, keys } = app.services;
  const deps = { db, keys };

  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // RFC 8058 says a mail client SHOULD send the one-click request as multipart: its fields become
  // the body (no file is taken), so the same schema checks both forms.
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { files: 0, fields: 4, parts: 4, fieldSize: FORM_LIMIT } });

  app.get(
    '/unsubscribe/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Utsendelser'],
        summary: 'Hva avmeldingslenken gjelder og medlemmets valg nå (endrer ingenting); 404 for en lenke som ikke er gyldig',
        params: UnsubscribeParams,
        response: { ...errorResponses(429), 200: DataOf(UnsubscribeState) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await unsubscribeState(deps, request.params.token, request.ip) };
    },
  );

  app.post(
    '/unsubscribe/:token',
    {
      config: { access: 'public' },
      // A multipart body the parser cannot read is the client's mistake (400), as on the upload routes.
      errorHandler: async (error) => {
        throw multipartError(error);
      },
      schema: {
        tags: ['Utsendelser'],
        summary:
          'Meld av: uten innhold, eller med e-postprogrammets ett-klikks-forespørsel (RFC 8058, List-Unsubscribe=One-Click), ' +
          'slås lenkens type av; med JSON { kind, given } settes ett av medlemmets to valg. Svarer valgene etterpå; 404 for en lenke som ikke er gyldig',
        params: UnsubscribeParams,
        body: {
          content: {
            'application/json': { schema: UnsubscribeChoice },
            [FORM]: { schema: OneClickForm },
            [MULTIPART]: { schema: OneClickForm },
          },
        },
        response: { ...errorResponses(429), 200: DataOf(UnsubscribeState) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const type = request.mediaType;
      // Fastify reads plain text too; only the three bodies above (or none) are an answer here.
      if (type && type !== 'application/json' && type !== FORM && type !== MULTIPART) {
        throw new HttpError(415, { message: 'Formatet på forespørselen støttes ikke.' });
      }
      const choice = type === 'application/json' ? (request.body as UnsubscribeChoice) : null;
      return { data: await changeByLink(deps, request.params.token, request.ip, choice) };
    },
  );
};

export default routes;
