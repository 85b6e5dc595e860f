/**
 * One declaration per staff area: its path, menu entry and badge, pages (their paths, modules,
 * breadcrumbs and rights) and /api paths.
 * The data provider, the routes, the menu, the breadcrumbs and the staff/member path split all
 * read this list, so a new area is one declaration (in the areas-*.ts file of its part of the
 * app, listed here, each page's path written once in its `pages`) plus its folder (screens, icon
 * and the component of each page's module in its index.ts) and its catalogue keys.
 * No React here: the entry script and the server import it.
 */
import type { StaffArea } from './types.ts';
import { createRegistry } from './create-registry.ts';
import { memberImport, membership } from './areas-members.ts';
import { REQUEST_AREAS } from './areas-requests.ts';
import { payments } from './areas-payments.ts';
import { outreach, sends } from './areas-outreach.ts';
import { settings } from './areas-settings.ts';
import { accessLog, staff } from './areas-staff.ts';
import { stats } from './areas-stats.ts';

export { checkResourceNames, createRegistry, crumbsOf, rightOfPage, type StaffRegistry } from './create-registry.ts';

/** Every staff area, in the order the menu shows them. */
const APP_AREAS: StaffArea[] = [stats, membership, ...REQUEST_AREAS, payments, outreach, sends, settings, accessLog, memberImport, staff];

export const { STAFF_AREAS, areaNamed, apiPathsOf, staffPageModule } = createRegistry(APP_AREAS);
