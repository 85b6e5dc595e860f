import type { StaffArea } from './types.ts';

/**
 * 'Nøkkeltall' (issue 40): the board's figures for a period, five sections each read on its own
 * (GET /api/stats/{section}, the data provider's `stats`), each with its xlsx download. First in
 * the menu, and the first page after sign-in for staff who may read it (access/startPage.ts).
 */
export const stats: StaffArea = {
  name: 'stats',
  path: '/stats',
  menu: { label: 'app.stats.menu' },
  resources: {},
  pages: { '/stats': { module: 'src/admin/stats/StatsPage.tsx', label: 'app.stats.breadcrumb', title: 'app.stats.title' } },
  right: 'stats.read',
};
