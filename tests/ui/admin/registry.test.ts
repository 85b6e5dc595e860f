/** The registry refuses a resource name declared by two areas instead of serving only the first. */
import { describe, expect, it } from 'vitest';
import { STAFF_AREAS, apiPathsOf, areaNamed, checkResourceNames, createRegistry, crumbsOf, rightOfPage } from '../../../src/common/staff-areas/registry.ts';
import { isRight } from '../../../server/domain/staff/rights.ts';
import type { StaffArea } from '../../../src/common/staff-areas/types.ts';

const area = (name: string, resources: StaffArea['resources']): StaffArea => ({
  name,
  path: `/${name}`,
  menu: { label: 'app.profile.title' },
  resources,
  pages: {},
});

describe('the staff area registry', () => {
  it('refuses a resource name declared by two areas, naming the resource and both areas', () => {
    const areas = [area('first', { things: { list: '/api/first' } }), area('second', { things: { list: '/api/second' } })];
    expect(() => checkResourceNames(areas)).toThrow(/«things».*«first».*«second»/);
  });

  it("accepts the app's own areas and areas with distinct resources", () => {
    expect(() => checkResourceNames(STAFF_AREAS)).not.toThrow();
    expect(() => checkResourceNames([area('first', { a: {} }), area('second', { b: {} })])).not.toThrow();
  });

  it("refuses a registry with an area that would shadow an existing resource, and leaves the app's as it was", () => {
    const before = STAFF_AREAS.length;
    expect(() => createRegistry([...STAFF_AREAS, area('shadow', { campaigns: { list: '/api/shadow/list' } })])).toThrow(/«campaigns».*«settings».*«shadow»/);
    expect(STAFF_AREAS).toHaveLength(before);
    expect(apiPathsOf('campaigns').list).toBe('/api/campaign/list');
  });

  it("builds a registry of its own for a test area, with the app's areas beside it", () => {
    const own = createRegistry([...STAFF_AREAS, area('own', { mine: { list: '/api/mine' } })]);
    expect(own.apiPathsOf('mine').list).toBe('/api/mine');
    expect(own.apiPathsOf('campaigns').list).toBe('/api/campaign/list');
    expect(() => apiPathsOf('mine')).toThrow(/Ukjent ressurs/);
  });

  it('names for every area of the app the staff right its menu entry and pages need, each a right the server knows', () => {
    const without = STAFF_AREAS.filter((candidate) => candidate.right === undefined).map((candidate) => candidate.name);
    expect(without, `areas without a right: ${without.join(', ')}`).toEqual([]);
    const named = STAFF_AREAS.flatMap((candidate) => [candidate.right, ...Object.values(candidate.pages).flatMap((page) => page.right ?? [])]).flat();
    expect(named.filter((right) => !isRight(String(right)))).toEqual([]);
  });

  it("gives a page its own right when it has one, whatever its parameters are called, else its area's", () => {
    const membership = areaNamed('membership');
    expect(rightOfPage(membership, '/membership/edit/insurance-logs/:id')).toBe('logs.read');
    expect(rightOfPage(membership, '/membership/create-new-user')).toBe('members.change');
    expect(rightOfPage(membership, '/membership/edit/:id')).toBe('members.read');
    expect(rightOfPage(areaNamed('settings'), '/settings/system-message')).toBe('templates.change');
  });

  it('takes an area’s breadcrumbs and preloaded modules from its pages, each path written once', () => {
    const own: StaffArea = {
      ...area('own', {}),
      pages: {
        '/own': { module: 'src/admin/own/List.tsx', label: 'app.profile.title', title: 'app.profile.language' },
        '/own/files': { module: 'src/admin/own/Files.tsx', label: 'app.language.nb', parent: '/own', right: 'billing.read' },
        '/own/:id': { module: 'src/admin/own/One.tsx', label: 'app.language.en', parent: '/own' },
        '/own/*': { label: 'app.profile.title' },
      },
    };
    expect(crumbsOf(own)).toEqual([
      { pattern: '/own', label: 'app.profile.title', title: 'app.profile.language' },
      { pattern: '/own/files', label: 'app.language.nb', parent: '/own' },
      { pattern: '/own/:id', label: 'app.language.en', parent: '/own' },
      { pattern: '/own/*', label: 'app.profile.title' },
    ]);
    const registry = createRegistry([...STAFF_AREAS, own]);
    expect(registry.staffPageModule('/own')).toBe('src/admin/own/List.tsx');
    expect(registry.staffPageModule('/own/files')).toBe('src/admin/own/Files.tsx');
    expect(registry.staffPageModule('/own/7')).toBe('src/admin/own/One.tsx');
    // A path only the catch-all's breadcrumb names has no module to preload.
    expect(registry.staffPageModule('/own/7/more')).toBeUndefined();
    expect(rightOfPage(own, '/own/files')).toBe('billing.read');
    expect(rightOfPage(own, '/own/:other')).toBeUndefined();
  });

  it('preloads a catch-all page’s module for any path under it that no other page names', () => {
    const own: StaffArea = {
      ...area('own', {}),
      pages: { '/own/*': { module: 'src/admin/own/Any.tsx' }, '/own/one': { module: 'src/admin/own/One.tsx' } },
    };
    const registry = createRegistry([own]);
    expect(registry.staffPageModule('/own')).toBe('src/admin/own/Any.tsx');
    expect(registry.staffPageModule('/own/a/b')).toBe('src/admin/own/Any.tsx');
    expect(registry.staffPageModule('/own/one')).toBe('src/admin/own/One.tsx');
    expect(registry.staffPageModule('/other')).toBeUndefined();
  });
});
