import type { Needs, StaffArea } from './types.ts';

/**
 * 'Innstillinger': each page needs what its routes do; the page of cards shows to anyone who may
 * open one of them, or start the Tripletex sync on it.
 */
const SETTINGS_PAGE_RIGHTS: Record<string, Needs> = {
  '/settings/system-message': 'templates.change',
  '/settings/promo-code': 'campaigns.change',
  '/settings/vipps-rapport': 'members.export',
  '/settings/content': 'content.change',
  '/settings/prices': 'billing.read',
  '/settings/renewal': 'billing.read',
  '/settings/consent-kinds': 'outreach.send',
  '/settings/valuation': 'content.change',
};
const SETTINGS_RIGHTS: Needs = [...new Set([...Object.values(SETTINGS_PAGE_RIGHTS).flat(), 'billing.run' as const])];

export const settings: StaffArea = {
  name: 'settings',
  path: '/settings',
  menu: { label: 'app.menu.settings' },
  crumbs: [
    { pattern: '/settings', label: 'app.breadcrumb.settings' },
    ...['system-message', 'promo-code', 'vipps-rapport', 'content', 'prices', 'renewal', 'consent-kinds'].map((page) => ({
      pattern: `/settings/${page}`,
      label: `app.breadcrumb.${page.replace(/-/g, '_')}`,
      parent: '/settings',
    })),
    { pattern: '/settings/valuation', label: 'app.valuation.settings.breadcrumb', parent: '/settings' },
  ],
  resources: {
    'email-templates': { list: '/api/emails/template/list', one: (id) => `/api/emails/template/${id}`, update: (id) => `/api/emails/template/${id}` },
    campaigns: {
      list: '/api/campaign/list',
      one: (id) => `/api/campaign/${id}`,
      create: '/api/campaign',
      update: (id) => `/api/campaign/${id}`,
      remove: (id) => `/api/campaign/${id}`,
    },
    'product-categories': { list: '/api/product-category/list', unpaged: true },
    benefits: { list: '/api/campaign/options/benefit', unpaged: true },
    'tripletex-runs': { list: '/api/dev/sync-tripletex/runs', one: (id) => `/api/dev/sync-tripletex/runs/${id}` },
    'content-pages': { list: '/api/content/admin/pages', unpaged: true, update: (id) => `/api/content/admin/pages/${id}` },
    'discount-codes': {
      list: '/api/content/admin/discount-codes',
      unpaged: true,
      create: '/api/content/admin/discount-codes',
      update: (id) => `/api/content/admin/discount-codes/${id}`,
      remove: (id) => `/api/content/admin/discount-codes/${id}`,
    },
  },
  pages: {
    '/settings': 'src/admin/settings/SettingsPage.tsx',
    '/settings/system-message': 'src/admin/settings/TemplatesPage.tsx',
    '/settings/promo-code': 'src/admin/settings/CampaignsPage.tsx',
    '/settings/vipps-rapport': 'src/admin/settings/VippsReportPage.tsx',
    '/settings/content': 'src/admin/settings/ContentPage.tsx',
    '/settings/prices': 'src/admin/settings/PricesPage.tsx',
    '/settings/renewal': 'src/admin/settings/RenewalPage.tsx',
    '/settings/consent-kinds': 'src/admin/settings/ConsentKindsPage.tsx',
    '/settings/valuation': 'src/admin/settings/ValuationSettingsPage.tsx',
  },
  right: SETTINGS_RIGHTS,
  pageRights: SETTINGS_PAGE_RIGHTS,
};
