/**
 * Holds a list's place while its rows load, so the pagination and footer below do not jump when
 * they arrive (layout shift). It reserves a page of rows, or fewer when the list's total is
 * already known (a queue's count is fetched for the menu badge, GET /api/counters, before the queue opens).
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useListContext } from 'react-admin';
import { usePendingCounts } from '../layout/pendingCounts.ts';

/** Heights of a small (default) MUI table's header and body rows. */
const HEADER_HEIGHT = 38;

export function ListSpace({ children, rowHeight = 33 }: { children: ReactNode; rowHeight?: number }) {
  const { isPending, perPage, resource } = useListContext();
  const counts = usePendingCounts();
  const known = isPending ? counts.known(resource) : undefined;
  const rows = Math.max(1, Math.min(perPage, known ?? perPage));
  // The same element either way, so the table is not mounted afresh when loading ends.
  return <Box sx={{ minHeight: isPending ? HEADER_HEIGHT + rows * rowHeight : undefined }}>{children}</Box>;
}

/** Rows with a checkbox are taller. */
export const QUEUE_ROW = 43;
