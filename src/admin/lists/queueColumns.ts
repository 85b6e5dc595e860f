/**
 * Column styles the request queues share, for a phone's width: a date stays on one line ('04-11-2026',
 * not split at its dashes), and an ID column (empty for an applicant, who has no member number yet)
 * takes only the room of its heading instead of a fifth of the screen.
 */
export const dateCell = () => ({ whiteSpace: 'nowrap' }) as const;

export const ID_COLUMN = {
  width: '1%',
  whiteSpace: 'nowrap',
  px: { xs: 1, sm: 2 },
  // An unsorted column's arrow is invisible until hovered but keeps its room; a phone has no hover.
  '& .MuiTableSortLabel-root:not(.Mui-active) .MuiTableSortLabel-icon': { display: { xs: 'none', sm: 'inline-block' } },
} as const;
