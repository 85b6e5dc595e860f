/**
 * Which /api paths serve each react-admin resource. The base provider reads only this table,
 * so a new resource is one entry here, not a new branch in the provider.
 */
export interface ResourcePaths {
  list?: string;
  one?: (id: string | number) => string;
  create?: string;
  update?: (id: string | number) => string;
  remove?: (id: string | number) => string;
  /** Fixed query parameters every list call of this resource carries. */
  listQuery?: Record<string, string>;
  /** The list answers { data: [...] } without paging (small reference lists). */
  unpaged?: boolean;
}

export const RESOURCES: Record<string, ResourcePaths> = {
  membership: {
    list: '/api/member/list',
    one: (id) => `/api/member/${id}`,
    create: '/api/member/new',
    update: (id) => `/api/member/${id}`,
  },
  'pending-memberships': { list: '/api/subscription/list/pending-memberships' },
  'pending-travel': { list: '/api/subscription/list/pending-travel' },
  'pending-instruments': { list: '/api/subscription/list/pending-instruments' },
  'email-logs': { list: '/api/emails/logs/list', listQuery: { sort: '-id' } },
  'instrument-logs': { list: '/api/instrument/logs/list' },
  'travel-logs': { list: '/api/subscription/logs/list' },
  'instrument-categories': { list: '/api/instrument/category/list', unpaged: true },
};

export function pathsOf(resource: string): ResourcePaths {
  const paths = RESOURCES[resource];
  if (!paths) throw new Error(`Ukjent ressurs: ${resource}`);
  return paths;
}
