/** Reference data the forms read: postal areas, instrument categories, products. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { DataOf, IdParams } from '../schemas/common.ts';
import { InstrumentCategory, PostalCode, Product } from '../schemas/reference.ts';
import { notFound } from '../lib/http-errors.ts';

const CATEGORY_COLUMNS = 'id, title, use_member, use_insurance';

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
      const [row] = await db.query<{ code: string; area: string }>(
        'SELECT code, area FROM postal_codes WHERE code = $1',
        [request.params.code],
      );
      if (!row) throw notFound();
      return { data: row };
    },
  );

  app.get(
    '/instrument/category/list',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['Referansedata'],
        summary: 'Instrumentkategoriene, sortert på navn',
        response: { 200: DataOf(Type.Array(InstrumentCategory)) },
      },
    },
    async () => ({
      data: await db.query<Static<typeof InstrumentCategory>>(
        `SELECT ${CATEGORY_COLUMNS} FROM instrument_categories ORDER BY title, id`,
      ),
    }),
  );

  app.get(
    '/instrument/category/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['Referansedata'],
        summary: 'Én instrumentkategori',
        params: IdParams,
        response: { 200: DataOf(InstrumentCategory) },
      },
    },
    async (request) => {
      const [row] = await db.query<Static<typeof InstrumentCategory>>(
        `SELECT ${CATEGORY_COLUMNS} FROM instrument_categories WHERE id = $1`,
        [request.params.id],
      );
      if (!row) throw notFound();
      return { data: row };
    },
  );

  app.get(
    '/product/list',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['Referansedata'],
        summary: 'Produktene (medlemskap, reiseforsikring, instrumentforsikring)',
        response: { 200: DataOf(Type.Array(Product)) },
      },
    },
    async () => ({
      data: await db.query<Static<typeof Product>>('SELECT id, name, price, remote_id, kind FROM products ORDER BY id'),
    }),
  );
};

export default routes;
