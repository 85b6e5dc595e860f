/** What accepting, rejecting and reopening a membership application does (see subscription-requests.ts). */
import type { RequestEffects } from './subscription-requests.ts';

export const membershipEffects: RequestEffects = {
  async accept() {},
  async reject() {},
  async reopen() {},
};
