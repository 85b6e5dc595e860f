/** The registry refuses a resource name declared by two areas instead of serving only the first. */
import { describe, expect, it } from 'vitest';
import { STAFF_AREAS, apiPathsOf, checkResourceNames, registerArea } from '../../../src/common/staff-areas/registry.ts';
import type { StaffArea } from '../../../src/common/staff-areas/types.ts';

const area = (name: string, resources: StaffArea['resources']): StaffArea => ({
  name,
  path: `/${name}`,
  menu: { label: 'app.logs.tabs.messages' },
  crumbs: [],
  resources,
});

describe('the staff area registry', () => {
  it('refuses a resource name declared by two areas, naming the resource and both areas', () => {
    const areas = [area('first', { things: { list: '/api/first' } }), area('second', { things: { list: '/api/second' } })];
    expect(() => checkResourceNames(areas)).toThrow(/«things».*«first».*«second»/);
  });

  it('accepts the app\'s own areas and areas with distinct resources', () => {
    expect(() => checkResourceNames(STAFF_AREAS)).not.toThrow();
    expect(() => checkResourceNames([area('first', { a: {} }), area('second', { b: {} })])).not.toThrow();
  });

  it('refuses to register an area that would shadow an existing resource, and keeps the first', () => {
    const before = STAFF_AREAS.length;
    expect(() => registerArea(area('shadow', { campaigns: { list: '/api/shadow/list' } }))).toThrow(/«campaigns».*«settings».*«shadow»/);
    expect(STAFF_AREAS).toHaveLength(before);
    expect(apiPathsOf('campaigns').list).toBe('/api/campaign/list');
  });
});
