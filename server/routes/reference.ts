/** Reference data the forms read: postal areas, instrument categories, products. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DataOf, IdParams } from '../schemas/common.ts';
import { InstrumentCategory, PostalCode, Product } from '../schemas/reference.ts';
import { notFound } from '../lib/http-errors.ts';
import { findInstrumentCategory, findPostalCode, instrumentCategories, products } from '../domain/settings/reference-data.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.services;

  app.get(
    '/postal-code/:code',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Referansedata'],
        summary: 'Poststedet til et postnummer',
        params: Type.Object({ code: Type.String({ pattern: '^[0-9]{4}$' }) }),
        response: { 200: DataOf(PostalCode) },
      },
    },
    async (request) => {
      const row = await findPostalCode(db, request.params.code);
      if (!row) throw notFound();
      return { data: row };
    },
  );

  app.get(
    '/instrument/category/list',
    {
      config: { right: false, access: 'signed-in' },
      schema: {
        tags: ['Referansedata'],
        summary: 'Instrumentkategoriene, sortert på navn',
        response: { 200: DataOf(Type.Array(InstrumentCategory)) },
      },
    },
    async () => ({ data: await instrumentCategories(db) }),
  );

  app.get(
    '/instrument/category/:id',
    {
      config: { right: false, access: 'signed-in' },
      schema: {
        tags: ['Referansedata'],
        summary: 'Én instrumentkategori',
        params: IdParams,
        response: { 200: DataOf(InstrumentCategory) },
      },
    },
    async (request) => {
      const row = await findInstrumentCategory(db, request.params.id);
      if (!row) throw notFound();
      return { data: row };
    },
  );

  app.get(
    '/product/list',
    {
      config: { right: false, access: 'signed-in' },
      schema: {
        tags: ['Referansedata'],
        summary: 'Produktene (medlemskap, reiseforsikring, instrumentforsikring)',
        response: { 200: DataOf(Type.Array(Product)) },
      },
    },
    async () => ({ data: await products(db) }),
  );
};

export default routes;
