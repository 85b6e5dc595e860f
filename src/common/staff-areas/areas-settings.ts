import type { Needs, Page, StaffArea } from './types.ts';

/**
 * 'Innstillinger': each page needs what its routes do; the page of cards shows to anyone who may
 * open one of them, or start the Tripletex sync on it.
 */
const SETTINGS_PAGES: Record<string, Page> = {
  '/settings': { module: 'src/admin/settings/SettingsPage.tsx', label: 'app.breadcrumb.settings' },
  '/settings/system-message': {
    module: 'src/admin/settings/TemplatesPage.tsx',
    label: 'app.breadcrumb.system_message',
    parent: '/settings',
    right: 'templates.change',
  },
  '/settings/promo-code': {
    module: 'src/admin/settings/CampaignsPage.tsx',
    label: 'app.breadcrumb.promo_code',
    parent: '/settings',
    right: 'campaigns.change',
  },
  '/settings/vipps-rapport': {
    module: 'src/admin/settings/VippsReportPage.tsx',
    label: 'app.breadcrumb.vipps_rapport',
    parent: '/settings',
    right: 'members.export',
  },
  '/settings/content': { module: 'src/admin/settings/ContentPage.tsx', label: 'app.breadcrumb.content', parent: '/settings', right: 'content.change' },
  '/settings/prices': { module: 'src/admin/settings/PricesPage.tsx', label: 'app.breadcrumb.prices', parent: '/settings', right: 'billing.read' },
  '/settings/renewal': { module: 'src/admin/settings/RenewalPage.tsx', label: 'app.breadcrumb.renewal', parent: '/settings', right: 'billing.read' },
  '/settings/consent-kinds': {
    module: 'src/admin/settings/ConsentKindsPage.tsx',
    label: 'app.breadcrumb.consent_kinds',
    parent: '/settings',
    right: 'outreach.send',
  },
  '/settings/valuation': {
    module: 'src/admin/settings/ValuationSettingsPage.tsx',
    label: 'app.valuation.settings.breadcrumb',
    parent: '/settings',
    right: 'content.change',
  },
};
const SETTINGS_RIGHTS: Needs = [...new Set([...Object.values(SETTINGS_PAGES).flatMap((page) => page.right ?? []), 'billing.run' as const])];

export const settings: StaffArea = {
  name: 'settings',
  path: '/settings',
  menu: { label: 'app.menu.settings' },
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
  pages: SETTINGS_PAGES,
  right: SETTINGS_RIGHTS,
};
