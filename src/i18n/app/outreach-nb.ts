/** What the menu, breadcrumbs and page titles of 'Utvalg' (src/admin/outreach) say in bokmål (under app.outreach); the pages' own messages are in ./outreach-pages-nb.ts. */
export const outreachNb = {
  menu: 'Utvalg',
  breadcrumb: 'UTVALG',
  title: 'Utvalg',
  create_crumb: 'NYTT UTVALG',
  create_title: 'Nytt utvalg',
  edit_crumb: 'REDIGER UTVALG',
  edit_title: 'Rediger utvalg',
};
