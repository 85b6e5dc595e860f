/** Both apps type their API calls with the server's TypeBox schemas, as types only: no TypeBox reaches the browser. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const assets = path.join(root, 'dist', 'assets');
// Every TypeBox schema object carries this key; its own build files hold it, our code never does.
const TYPEBOX_MARKER = '~kind';

describe('built browser chunks', () => {
  it('carry no TypeBox code', () => {
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const offenders = scripts.filter((name) => readFileSync(path.join(assets, name), 'utf8').includes(TYPEBOX_MARKER));
    expect(offenders).toEqual([]);
  });

  it('would be caught: TypeBox itself carries the marker', () => {
    const object = readFileSync(path.join(root, 'node_modules/typebox/build/type/types/object.mjs'), 'utf8');
    expect(object).toContain(TYPEBOX_MARKER);
  });
});
