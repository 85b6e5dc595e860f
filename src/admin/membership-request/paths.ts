/** The membership-request area's own paths. */
import { areaNamed } from '../../common/staff-areas/registry.ts';

const root = () => areaNamed('membership-request').path;

export const membershipRequestPaths = {
  get queue() {
    return root();
  },
  get declined() {
    return `${root()}/declined`;
  },
  request: (subscriptionId: string | number) => `${root()}/edit/${subscriptionId}`,
};
