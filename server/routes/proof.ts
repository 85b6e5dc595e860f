/** The member card, the insurance certificates (PDF) and the public check of their QR codes. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../schemas/common.ts';
import { fileResponse } from '../schemas/responses.ts';
import { CertificateQuery, MemberCardAnswer, VerifyAnswer, VerifyParams } from '../schemas/proof.ts';
import { assertOwnMember } from '../lib/access.ts';
import { memberCard } from '../domain/proof/proof.ts';
import { certificateFor } from '../domain/proof/certificates.ts';
import { countVerify, verifyProof } from '../domain/proof/verify.ts';
import { certificateFilename, certificatePdf } from '../domain/proof/certificate-pdf.ts';
import { errorResponses } from '../schemas/responses.ts';

/**
 * A partner's page (a venue, an insurer) may check a card from its own script: the public check
 * alone answers any origin, without cookies, so it reads nothing that is signed in.
 */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, OPTIONS',
  'access-control-max-age': '86400',
};

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.services;

  app.get(
    '/member/:id/card',
    {
      config: { right: 'members.read', access: 'signed-in', accessLog: { kind: 'read', detail: 'Medlemskort' } },
      schema: {
        tags: ['Min side'],
        summary: 'Det digitale medlemskortet: signert kode og adressen QR-koden viser (medlemmet selv eller ansatte)',
        params: IdParams,
        response: { 200: MemberCardAnswer },
      },
    },
    async (request) => {
      assertOwnMember(request, request.params.id);
      return { data: await memberCard(db, config, request.params.id) };
    },
  );

  for (const kind of ['travel', 'instruments'] as const) {
    app.get(
      `/member/:id/certificate/${kind}`,
      {
        config: {
          access: 'signed-in',
          right: 'members.read',
          accessLog: { kind: 'export', detail: kind === 'travel' ? 'Forsikringsbevis for reiseforsikring' : 'Forsikringsbevis for instrumenter' },
        },
        schema: {
          tags: ['Min side'],
          summary:
            kind === 'travel'
              ? 'Forsikringsbevis for reiseforsikringen som PDF (lang=nb eller en); 404 med melding uten reiseforsikring'
              : 'Forsikringsbevis for de forsikrede instrumentene som PDF (lang=nb eller en); 404 med melding uten instrumentforsikring',
          params: IdParams,
          querystring: CertificateQuery,
          produces: ['application/pdf'],
          response: { 200: fileResponse(['application/pdf'], 'Forsikringsbeviset som PDF') },
        },
      },
      async (request, reply) => {
        assertOwnMember(request, request.params.id);
        const lang = request.query.lang ?? 'nb';
        const certificate = await certificateFor(db, config, request.params.id, kind);
        const pdf = await certificatePdf(certificate, config, lang);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${certificateFilename(certificate, lang)}"`)
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );
  }

  app.get(
    '/verify/:token',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Kontroll'],
        summary: 'Kontroller et medlemskort eller forsikringsbevis (koden i QR-koden); 200 for enhver velformet kode, 400 ellers',
        params: VerifyParams,
        response: { ...errorResponses(429), 200: VerifyAnswer },
      },
    },
    async (request, reply) => {
      await countVerify(db, request.ip);
      reply.headers(CORS_HEADERS).header('cache-control', 'no-store');
      return { data: await verifyProof(db, config, request.params.token) };
    },
  );

  // The browser's preflight before a partner's GET.
  app.options('/verify/:token', { config: { access: 'public' }, schema: { hide: true, params: VerifyParams } }, async (_request, reply) =>
    reply.headers(CORS_HEADERS).code(204).send(),
  );
};

export default routes;
