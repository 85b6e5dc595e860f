/**
 * The answer serialiser gets nullable scalars and objects as lists of types
 * (server/lib/response-schemas.ts): the JSON must be what the schemas as written give, for values
 * and for nulls.
 */
import { describe, expect, it } from 'vitest';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import { Type } from 'typebox';
import { answerBuiltExactly, nullableAsTypeList } from '../../server/lib/response-schemas.ts';
import { Member, MemberListItem } from '../../server/schemas/member.ts';
import { paginatorSchema } from '../../server/lib/list.ts';
import { DataOf, Nullable } from '../../server/schemas/common.ts';

/** Fastify's default serialiser for one schema. */
const fastJson = (schema: unknown) => SerializerSelector()({}, {})({ method: 'GET', url: '/', httpStatus: '200', schema });

describe('nullable scalars and objects in response schemas', () => {
  it('writes a nullable scalar or plain object as a list of types and leaves every other union as it is', () => {
    expect(nullableAsTypeList(Nullable(Type.String({ format: 'date' })))).toEqual({ type: ['string', 'null'], format: 'date' });
    expect(nullableAsTypeList(Nullable(Type.Integer()))).toEqual({ type: ['integer', 'null'] });
    const literal = Nullable(Type.Literal('a'));
    expect(nullableAsTypeList(literal)).toEqual(JSON.parse(JSON.stringify(literal)));
    // An object's own nullable fields are written so too.
    const object = Nullable(Type.Object({ id: Type.Integer(), on: Nullable(Type.String({ format: 'date' })) }));
    expect(nullableAsTypeList(object)).toEqual({
      type: ['object', 'null'],
      properties: { id: { type: 'integer' }, on: { type: ['string', 'null'], format: 'date' } },
      required: ['id', 'on'],
    });
    const objectOrText = Type.Union([Type.Object({ id: Type.Integer() }), Type.String(), Type.Null()]);
    expect(nullableAsTypeList(objectOrText)).toEqual(JSON.parse(JSON.stringify(objectOrText)));
    const described = Type.Union([Type.Object({ id: Type.Integer() }), Type.Null()], { description: 'Kan mangle' });
    expect(nullableAsTypeList(described)).toEqual(JSON.parse(JSON.stringify(described)));
    const union = Nullable(Type.Union([Type.String(), Type.Integer()]));
    expect(nullableAsTypeList(union)).toEqual(JSON.parse(JSON.stringify(union)));
  });

  it('serialises the member list and the member record to the same JSON as the schemas as written', () => {
    const when = new Date('2026-11-28T01:02:03.456Z');
    const item = (id: number, empty: boolean) => ({
      id,
      remote_id: empty ? null : 7,
      role_id: 2,
      first_name: 'Åse',
      last_name: 'Ødegård "x"',
      email: 'a@example.no',
      phone: empty ? null : '+4799999999',
      address: empty ? null : 'Gata 1',
      postal_code: empty ? null : '0155',
      postal_area: empty ? null : 'OSLO',
      birthdate: empty ? null : '1988-04-17',
      status: 1,
      blocked_access: false,
      registration_completed: 1,
      campaign_code: empty ? null : 'KODE',
      created_at: when,
      has_membership: true,
      has_instrument_insurance: false,
      has_travel_insurance: empty,
      has_overdue_invoice: !empty,
    });
    const page = {
      current_page: 1,
      data: [item(1, false), item(2, true)],
      first_page_url: 'http://x/?page=1',
      from: 1,
      last_page: 1,
      last_page_url: 'http://x/?page=1',
      next_page_url: null,
      path: 'http://x/',
      per_page: 25,
      prev_page_url: null,
      to: 2,
      total: 2,
      total_exact: true,
    };
    const list = paginatorSchema(MemberListItem);
    expect(fastJson(nullableAsTypeList(list))(page)).toBe(fastJson(list)(page));
    // A page built field by field of the types the database gives (a status is text), as the member list
    // builds it, reads the same written by JSON.stringify.
    const asRead = { ...page, data: page.data.map((row) => ({ ...row, status: String(row.status) })) };
    expect(JSON.parse(answerBuiltExactly()(asRead))).toEqual(JSON.parse(fastJson(list)(asRead)));

    const record = DataOf(Member);
    const member = {
      ...item(3, true),
      gender: null,
      artist_name: null,
      primary_instrument_type: null,
      invoice_method: null,
      invoice_email: null,
      invoice_name: null,
      invoice_phone: null,
      invoice_address: null,
      invoice_postal_code: null,
      invoice_postal_area: null,
      newsletter_1: false,
      newsletter_2: true,
      newsletter_3: false,
      is_previous_member: false,
      possible_duplicate_of: null,
      reason_for_rejection: null,
      rejected_at: when,
      rejected_by: null,
      validated_at: null,
      validated_by: { id: 1, first_name: 'A', last_name: 'B' },
      membership_start_date: '2020-01-01',
      updated_at: when,
      erased_at: null,
      membership_end_date: null,
      subscription_membership: null,
      subscription_instrument_insurance: null,
      subscription_travel_insurance: null,
    };
    expect(fastJson(nullableAsTypeList(record))({ data: member })).toBe(fastJson(record)({ data: member }));

    // The record with its covers, as loadMember reads them: a column the schema lacks (the
    // subscription's kind) is left out, a person is written or null, timestamps are Dates.
    const person = { id: 4, first_name: 'Erik', last_name: 'Solheim' };
    const product = { id: 4, name: 'Instrumentforsikring', price: 995, remote_id: null };
    const cover = (id: number, validated: typeof person | null) => ({
      id,
      member_id: 3,
      product_id: product.id,
      kind: 'instrument',
      product,
      state: 'active',
      status: 1,
      value: 995,
      subscription_start: '2024-10-11',
      subscription_end: null,
      invoiced_for: '2026-12-31',
      reason_for_rejection: null,
      created_at: when,
      updated_at: when,
      validated_by_user: validated,
      rejected_by_user: null,
    });
    const covered = {
      ...member,
      subscription_membership: cover(1, null),
      subscription_travel_insurance: { ...cover(2, person), accepted_cover: { product_id: 1, subscription_start: null, subscription_end: '2027-01-01' } },
      subscription_instrument_insurance: {
        ...cover(3, person),
        subscription_lines: [
          { id: 1, product, quantity: 1, value: 18500, subscription_start: '2025-07-12', subscription_end: null, updated_at: when, validated_by_user: person },
          { id: 2, product, quantity: 2, value: 12000, subscription_start: null, subscription_end: null, updated_at: when, validated_by_user: null },
        ],
        instruments: [{ id: 1, type: 'Gitar', make: 'Fender', model: 'Stratocaster', value: 18500, insurance_start: '2025-07-12', insurance_end: null }],
      },
    };
    const written = fastJson(nullableAsTypeList(record))({ data: covered });
    expect(written).toBe(fastJson(record)({ data: covered }));
    expect(written).not.toContain('"kind"');
    expect(JSON.parse(written).data.subscription_instrument_insurance.subscription_lines[0].validated_by_user).toEqual(person);
  });
});
