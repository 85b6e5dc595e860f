/**
 * Which /api paths serve each react-admin resource, read from the staff areas' registry at call
 * time, so a new area's resources need no branch in the provider.
 */
export type { ApiPaths as ResourcePaths } from '../admin/areas/types.ts';
export { apiPathsOf as pathsOf } from '../admin/areas/registry.ts';
