/**
 * Texts from the content site (privacy, sign-up info, discount codes), read through our API so
 * the member app never calls the site itself and never sees unsanitised HTML.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DataOf } from '../schemas/common.ts';
import { ContentPage, DiscountCode } from '../schemas/reference.ts';
import { notFound } from '../lib/http-errors.ts';
import { fromContentSite } from '../domain/settings/content.ts';

/** min-side: the privacy text; bli-medlem and bli-medlem-steg-2: the sign-up texts beside step one and two. */
export const CONTENT_SLUGS = ['min-side', 'bli-medlem', 'bli-medlem-steg-2', 'medlemsvilkar'] as const;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { content } = app.services;

  app.get(
    '/content/page/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Innhold'],
        summary: 'En side fra innholdssiden: min-side (personvern), bli-medlem, bli-medlem-steg-2',
        params: Type.Object({ slug: Type.String({ maxLength: 100 }) }),
        response: { 200: DataOf(ContentPage) },
      },
    },
    async (request) => {
      const { slug } = request.params;
      if (!(CONTENT_SLUGS as readonly string[]).includes(slug)) throw notFound();
      const page = await fromContentSite(request.log, () => content.page(slug));
      if (!page) throw notFound();
      return { data: { slug, ...page } };
    },
  );

  app.get(
    '/content/discount-codes',
    {
      config: { right: 'members.read', access: 'signed-in' },
      schema: {
        tags: ['Innhold'],
        summary: 'Rabattkodene medlemmer får hos samarbeidspartnere',
        response: { 200: DataOf(Type.Array(DiscountCode)) },
      },
    },
    async (request) => ({ data: await fromContentSite(request.log, () => content.discountCodes()) }),
  );
};

export default routes;
