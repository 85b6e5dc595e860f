/** 'Nøkkeltall' answers as the server gives them (server/schemas/stats.ts), for the page's tests. */
import { http, HttpResponse } from 'msw';
import type { CampaignsStats, InsuranceStats, MembersStats, MoneyStats, RequestsStats } from '../../../server/schemas/stats.ts';
import { server } from './harness.tsx';

const PERIOD = { from: '2026-01-01', to: '2026-02-15' };

export const MEMBERS: MembersStats = {
  ...PERIOD,
  series: [
    { month: '2026-01', members: 1230, joins: 40, leaves: 13, leaves_resigned: 8, leaves_lapsed: 4, leaves_erased: 1, net: 27 },
    { month: '2026-02', members: 1250, joins: 40, leaves: 20, leaves_resigned: 10, leaves_lapsed: 9, leaves_erased: 1, net: 20 },
  ],
  totals: {
    members_at_start: 1203,
    members_at_end: 1250,
    joins: 80,
    leaves: 33,
    leaves_resigned: 18,
    leaves_lapsed: 13,
    leaves_erased: 2,
    net: 47,
    members_now: 1250,
    age_bands: [
      { key: 'under_20', label: 'Under 20', count: 50 },
      { key: '20_29', label: '20–29', count: 300 },
    ],
    instruments: [
      { key: '1', label: 'Gitar', count: 420 },
      { key: '2', label: 'Bass', count: 180 },
    ],
    consents: [{ key: 'newsletter_2', label: 'Nyheter fra organisasjonen', count: 500 }],
  },
};

const requestMonth = (month: string, kind: 'membership' | 'travel' | 'instrument', received: number, handled: number) => ({
  month,
  kind,
  received,
  handled,
  accepted: handled - 1,
  rejected: 1,
  median_wait_days: 3,
  p90_wait_days: 9,
});

export const REQUESTS: RequestsStats = {
  ...PERIOD,
  series: [
    requestMonth('2026-01', 'membership', 31, 29),
    requestMonth('2026-01', 'travel', 12, 11),
    requestMonth('2026-01', 'instrument', 7, 6),
    requestMonth('2026-02', 'membership', 17, 15),
    requestMonth('2026-02', 'travel', 5, 5),
    requestMonth('2026-02', 'instrument', 4, 2),
  ],
  totals: {
    kinds: [
      {
        kind: 'membership',
        received: 48,
        handled: 44,
        accepted: 42,
        rejected: 2,
        median_wait_days: 3,
        p90_wait_days: 11,
        waiting_now: 4,
        oldest_waiting_days: 19,
        median_waiting_days: 6,
      },
      {
        kind: 'travel',
        received: 17,
        handled: 16,
        accepted: 14,
        rejected: 2,
        median_wait_days: 2,
        p90_wait_days: 5,
        waiting_now: 2,
        oldest_waiting_days: 8,
        median_waiting_days: 4,
      },
      {
        kind: 'instrument',
        received: 11,
        handled: 8,
        accepted: 7,
        rejected: 1,
        median_wait_days: null,
        p90_wait_days: null,
        waiting_now: 1,
        oldest_waiting_days: 2,
        median_waiting_days: 2,
      },
    ],
  },
};

const products = [
  { product_id: 3, name: 'Reise Europa', count: 210 },
  { product_id: 4, name: 'Reise Verden', count: 95 },
];

export const INSURANCE: InsuranceStats = {
  ...PERIOD,
  series: [
    {
      month: '2026-01',
      travel_members: 300,
      travel_by_product: products,
      instruments_insured: 640,
      insured_value_ore: 1_200_000_000,
      insured_value_change_ore: 5_000_000,
      travel_accepted: 10,
      travel_rejected: 1,
      instruments_accepted: 6,
      instruments_rejected: 0,
    },
    {
      month: '2026-02',
      travel_members: 305,
      travel_by_product: products,
      instruments_insured: 652,
      insured_value_ore: 1_234_567_00,
      insured_value_change_ore: -2_000_000,
      travel_accepted: 4,
      travel_rejected: 1,
      instruments_accepted: 1,
      instruments_rejected: 1,
    },
  ],
  totals: {
    travel_members: 305,
    travel_by_product: products,
    instruments_insured: 652,
    insured_value_ore: 1_234_567_00,
    insured_value_change_ore: 3_000_000,
    travel_accepted: 14,
    travel_rejected: 2,
    instruments_accepted: 7,
    instruments_rejected: 1,
  },
};

export const CAMPAIGNS: CampaignsStats = {
  ...PERIOD,
  series: [
    { month: '2026-01', signups: 12, by_campaign: [{ campaign_id: 1, signups: 12 }], quick_checkouts_started: 20, quick_checkouts_completed: 15 },
    { month: '2026-02', signups: 3, by_campaign: [{ campaign_id: 1, signups: 3 }], quick_checkouts_started: 6, quick_checkouts_completed: 4 },
  ],
  totals: {
    campaigns: [{ campaign_id: 1, name: 'Vårkampanjen', code: 'VAR2026', period_start: '2026-01-15', period_end: '2026-03-31', signups: 15 }],
    signups: 15,
    quick_checkouts_started: 26,
    quick_checkouts_completed: 19,
  },
};

export const MONEY: MoneyStats = {
  ...PERIOD,
  series: [
    { month: '2026-01', invoiced_ore: 123_456_700, paid_ore: 80_000_000, invoiced_ytd_ore: 123_456_700, paid_ytd_ore: 80_000_000 },
    { month: '2026-02', invoiced_ore: 10_000_000, paid_ore: 30_000_050, invoiced_ytd_ore: 133_456_700, paid_ytd_ore: 110_000_050 },
  ],
  totals: {
    invoiced_ore: 133_456_700,
    paid_ore: 110_000_050,
    outstanding_ore: 23_456_650,
    outstanding_by_age: [
      { key: 'not_due', label: 'Ikke forfalt', invoices: 40, amount_ore: 20_000_000 },
      { key: 'over_90', label: 'Over 90 dager', invoices: 3, amount_ore: 3_456_650 },
    ],
    paid_by_channel: [
      { channel: 'efaktura', label: 'eFaktura', payments: 300, amount_ore: 82_500_000 },
      { channel: 'vipps', label: 'Vipps', payments: 100, amount_ore: 27_500_050 },
    ],
  },
};

export const ANSWERS = { members: MEMBERS, requests: REQUESTS, insurance: INSURANCE, campaigns: CAMPAIGNS, money: MONEY };

/** Every section answers its fixture (the period as asked). */
export function answerStats(): void {
  server.use(
    http.get('*/api/stats/:section', ({ params, request }) => {
      const url = new URL(request.url);
      const answer = ANSWERS[params.section as keyof typeof ANSWERS];
      return HttpResponse.json({ data: { ...answer, from: url.searchParams.get('from'), to: url.searchParams.get('to') } });
    }),
  );
}
