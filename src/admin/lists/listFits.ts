/**
 * A list that fits its column: react-admin's list boxes would otherwise take the width of their
 * widest table, pushing the page sideways on a phone; the table scrolls inside its card instead.
 */
export const LIST_FITS = { minWidth: 0, '& .RaList-main, & .RaList-content': { minWidth: 0, maxWidth: '100%' } };
