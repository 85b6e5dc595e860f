/** Shows its children only to a staff user who holds `right` (any one of a list): `<Can right="billing.read">…</Can>`. */
import type { ReactNode } from 'react';
import { useCan, type Needs } from './rights.ts';

export function Can({ right, children }: { right: Needs; children: ReactNode }) {
  return useCan(right) ? children : null;
}
