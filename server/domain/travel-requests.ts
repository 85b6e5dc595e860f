/** What accepting, rejecting and reopening a travel insurance order does (see subscription-requests.ts). */
import type { RequestEffects } from './subscription-requests.ts';

export const travelEffects: RequestEffects = {
  async accept() {},
  async reject() {},
  async reopen() {},
};
