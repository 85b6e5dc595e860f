/** The page sizes every list takes (`per_page`), the server's rule and the staff pager's choices. */
export const PAGE_SIZES = [25, 50, 75, 100] as const;
