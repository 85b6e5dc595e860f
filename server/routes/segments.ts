/**
 * Groups of members ('Utvalg'): the saved groups with their counts, one group, and the count and a
 * sample of who is in a group or in a filter not yet saved (the form shows it as staff type).
 * Staff with the right 'outreach.send'. The samples name members, so reading them is logged.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DataOf, IdParams, MessageBody } from '../schemas/common.ts';
import { Segment, SegmentBody, SegmentCount, SegmentCountBody, SegmentPatch } from '../schemas/segments.ts';
import { notFound } from '../lib/http-errors.ts';
import { accountOf } from '../lib/access.ts';
import type { AccessLogRule } from '../plugins/access-log.ts';
import { countMembers, countSegment, createSegment, deleteSegment, findSegment, listSegments, updateSegment } from '../domain/outreach/segments.ts';

const TAGS = ['Utvalg'];

const found = <T>(value: T | null): T => {
  if (value === null) throw notFound();
  return value;
};

/** The members the sample names: one entry naming them, as the member list's. */
const sampleLog: AccessLogRule = {
  kind: 'read',
  detail: 'Utvalg (antall og utdrag)',
  members: (answer) => (answer as { data?: { sample?: { id: number }[] } } | null)?.data?.sample?.map((member) => member.id) ?? [],
};

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.services;
  const config = { access: 'staff', right: 'outreach.send' } as const;

  app.get(
    '/segment',
    {
      config,
      schema: { tags: TAGS, summary: 'Utvalgene etter navn, hvert med antall medlemmer nå', response: { 200: DataOf(Type.Array(Segment)) } },
    },
    async () => ({ data: await listSegments(db) }),
  );

  app.post(
    '/segment',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Nytt utvalg: et navn og et filter (ukjente nøkler og ugyldige verdier gir 422)',
        body: SegmentBody,
        response: { 201: DataOf(Segment) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await createSegment(db, request.body, accountOf(request).id) }),
  );

  app.post(
    '/segment/count',
    {
      config: { ...config, accessLog: sampleLog },
      schema: {
        tags: TAGS,
        summary: 'Antall medlemmer et filter som ikke er lagret gir nå, og opptil 10 av dem',
        body: SegmentCountBody,
        response: { 200: DataOf(SegmentCount) },
      },
    },
    async (request) => ({ data: await countMembers(db, request.body.filter) }),
  );

  app.get(
    '/segment/:id',
    {
      config,
      schema: { tags: TAGS, summary: 'Ett utvalg med antall medlemmer nå', params: IdParams, response: { 200: DataOf(Segment) } },
    },
    async (request) => ({ data: found(await findSegment(db, request.params.id)) }),
  );

  app.patch(
    '/segment/:id',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Endre navnet eller filteret (et nytt filter erstatter hele det gamle)',
        params: IdParams,
        body: SegmentPatch,
        response: { 200: DataOf(Segment) },
      },
    },
    async (request) => ({ data: found(await updateSegment(db, request.params.id, request.body)) }),
  );

  app.delete(
    '/segment/:id',
    {
      config,
      schema: { tags: TAGS, summary: 'Slett et utvalg', params: IdParams, response: { 200: MessageBody } },
    },
    async (request) => {
      if (!(await deleteSegment(db, request.params.id))) throw notFound();
      return { message: 'Utvalget er slettet.' };
    },
  );

  app.get(
    '/segment/:id/count',
    {
      config: { ...config, accessLog: sampleLog },
      schema: {
        tags: TAGS,
        summary: 'Antall medlemmer i utvalget nå, og opptil 10 av dem',
        params: IdParams,
        response: { 200: DataOf(SegmentCount) },
      },
    },
    async (request) => ({ data: found(await countSegment(db, request.params.id)) }),
  );
};

export default routes;
