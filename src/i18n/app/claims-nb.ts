/** What the menu, breadcrumbs and page titles of 'Skademeldinger' (src/admin/claims) say in bokmål (under app.claims); the pages' own messages are in ./claims-pages-nb.ts. */
export const claimsNb = {
  menu: 'Skademeldinger (%{count})',
  breadcrumb: 'SKADEMELDINGER',
  page_title: 'Skademeldinger',
  one_crumb: 'SKADEMELDING',
  one_title: 'Skademelding',
};
/** The claim list's columns (resources.pending-claims.fields). */
const columnsNb = {
  id: 'SAK',
  name: 'MEDLEM',
  member_number: 'MEDLEMSNUMMER',
  instrument: 'INSTRUMENT',
  kind: 'HVA SKJEDDE',
  occurred_on: 'DATO',
  state: 'STATUS',
  created_at: 'MOTTATT',
};

export const claimsResourcesNb = { 'pending-claims': { fields: columnsNb } };
