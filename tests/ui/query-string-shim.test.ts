/**
 * The staff build reads and writes a list's place in the address through src/common/shims/query-string.ts
 * instead of query-string: both must give react-admin the same answers for what lists put there.
 */
import * as queryString from 'query-string';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from '../../src/common/shims/query-string.ts';

const ADDRESSES = [
  '',
  '?',
  '?page=2&perPage=25&sort=name&order=ASC',
  '?filter=%7B%22q%22%3A%22%C3%98stby%20%26%20s%C3%B8nn%22%7D&displayedFilters=%7B%7D',
  '#page=1',
  '&a=1&&b=2',
  '?q=Hansen+og+s%C3%B8nn',
  '?flag&empty=&x=%E2%82%AC',
  '?tag=a&tag=b&tag=c',
  '?broken=%E0%A4%A&ok=%C3%A6',
  '?z=1&a=2&m=3',
  '?a=b=c',
  '  ?spaced=1  ',
];

const OBJECTS: Record<string, unknown>[] = [
  {},
  { page: 2, perPage: 25, sort: 'name', order: 'ASC' },
  { filter: JSON.stringify({ q: 'Østby & sønn', status: ["'1'", '(2)'] }), displayedFilters: '{}' },
  { b: 'x', a: undefined, c: null, d: '' },
  { tags: ['a', null, undefined, 'b c'], star: "it's *(!)" },
  { 'key with space': 'æøå€', plus: '1+1=2' },
];

describe('the list address shim', () => {
  it.each(ADDRESSES)('reads %j as query-string does', (address) => {
    expect({ ...parse(address) }).toEqual({ ...queryString.parse(address) });
    expect(Object.keys(parse(address))).toEqual(Object.keys(queryString.parse(address)));
  });

  it.each(OBJECTS)('writes %j as query-string does', (object) => {
    expect(stringify(object)).toBe(queryString.stringify(object));
  });

  it('reads back what it writes', () => {
    const params = { filter: JSON.stringify({ q: 'Ærlig talt?' }), page: '3', sort: 'last_name' };
    expect({ ...parse(`?${stringify(params)}`) }).toEqual(params);
  });
});
