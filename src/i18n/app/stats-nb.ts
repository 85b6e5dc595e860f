/** What the menu, breadcrumbs and page titles of 'Nøkkeltall' (src/admin/stats) say in bokmål (under app.stats); the pages' own messages are in ./stats-pages-nb.ts. */
export const statsNb = {
  menu: 'Nøkkeltall',
  breadcrumb: 'NØKKELTALL',
  title: 'Nøkkeltall',
};
