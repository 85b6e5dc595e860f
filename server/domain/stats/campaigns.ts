/**
 * 'Nøkkeltall' → campaigns: registrations completed (step two) with a campaign code, by the month
 * they were completed, per campaign; and Vipps quick checkouts started and completed — from the
 * day counters of migration 050.
 */
import type { Queryable } from '../../db/database.ts';
import type { CampaignMonth, CampaignsStats } from '../../schemas/stats.ts';
import { dimsOf, flowIn, flowTotal, readCounters, rebuildSources, type CounterSource } from './day-counters.ts';
import { sheetOf, type StatsSection } from './section.ts';
import type { StatsPeriod } from './period.ts';

const M = { signups: 'camp.signups', started: 'camp.checkout_started', completed: 'camp.checkout_completed' } as const;

const SOURCES: CounterSource[] = [
  { source: 'camp-signup', metrics: [M.signups], table: 'accounts', where: 'campaign_id IS NOT NULL' },
  { source: 'camp-checkout', metrics: [M.started, M.completed], table: 'vipps_registrations' },
];

type CampaignRow = CampaignsStats['totals']['campaigns'][number];

async function readCampaigns(db: Queryable, period: StatsPeriod): Promise<CampaignsStats> {
  const sums = await readCounters(db, period, Object.values(M));
  const withSignups = dimsOf(sums, M.signups).map(Number);
  // The campaigns that ran in the period, and those with sign-ups in it (a code used after its end).
  const campaigns = await db.query<{ id: number; name: string; code: string; period_start: string | null; period_end: string | null }>(
    `SELECT id, name, code, period_start::text AS period_start, period_end::text AS period_end FROM campaigns
      WHERE id = ANY ($1::int[]) OR (period_start <= $3::date AND (period_end IS NULL OR period_end >= $2::date))`,
    [withSignups, period.from, period.to],
  );
  const series: CampaignMonth[] = period.months.map((month) => ({
    month,
    signups: flowIn(sums, M.signups, month),
    by_campaign: withSignups
      .map((id) => ({ campaign_id: id, signups: flowIn(sums, M.signups, month, String(id)) }))
      .filter((row) => row.signups > 0)
      .sort((a, b) => b.signups - a.signups || a.campaign_id - b.campaign_id),
    quick_checkouts_started: flowIn(sums, M.started, month),
    quick_checkouts_completed: flowIn(sums, M.completed, month),
  }));
  const rows: CampaignRow[] = campaigns
    .map((campaign) => ({
      campaign_id: campaign.id,
      name: campaign.name,
      code: campaign.code,
      period_start: campaign.period_start,
      period_end: campaign.period_end,
      signups: flowTotal(sums, M.signups, String(campaign.id)),
    }))
    .sort((a, b) => b.signups - a.signups || a.name.localeCompare(b.name, 'nb') || a.campaign_id - b.campaign_id);
  return {
    from: period.from,
    to: period.to,
    series,
    totals: {
      campaigns: rows,
      signups: flowTotal(sums, M.signups),
      quick_checkouts_started: flowTotal(sums, M.started),
      quick_checkouts_completed: flowTotal(sums, M.completed),
    },
  };
}

export const campaignsSection: StatsSection<CampaignsStats> = {
  name: 'campaigns',
  filename: 'nokkeltall-kampanjer',
  read: readCampaigns,
  sheets: (answer) => {
    const campaigns = answer.totals.campaigns;
    return [
      sheetOf<CampaignMonth>(
        'Registreringer per måned',
        [
          { header: 'Måned', value: (row) => row.month },
          { header: 'Med kampanjekode', value: (row) => row.signups },
          ...campaigns.map((campaign) => ({
            header: campaign.code,
            value: (row: CampaignMonth) => row.by_campaign.find((entry) => entry.campaign_id === campaign.campaign_id)?.signups ?? 0,
          })),
          { header: 'Vipps hurtigkasse påbegynt', value: (row) => row.quick_checkouts_started },
          { header: 'Vipps hurtigkasse fullført', value: (row) => row.quick_checkouts_completed },
        ],
        answer.series,
      ),
      sheetOf<CampaignRow>(
        'Kampanjer',
        [
          { header: 'Kampanje', value: (row) => row.name },
          { header: 'Kode', value: (row) => row.code },
          { header: 'Fra', value: (row) => row.period_start, kind: 'date' },
          { header: 'Til', value: (row) => row.period_end, kind: 'date' },
          { header: 'Registreringer', value: (row) => row.signups },
        ],
        campaigns,
      ),
    ];
  },
  rebuild: (db) => rebuildSources(db, SOURCES),
};
