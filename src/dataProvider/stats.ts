/**
 * 'Nøkkeltall': one section's figures for a period (GET /api/stats/{section}?from&to), and the same
 * tables as a spreadsheet (format=xlsx), saved under the name the server gives it.
 */
import { download, http } from '../common/http.ts';
import type { CampaignsStats, InsuranceStats, MembersStats, MoneyStats, RequestsStats, StatsSectionName } from '../../server/schemas/stats.ts';
import { unwrap } from './errors.ts';

export type { StatsSectionName };

/** Each section's answer, by the section's name. */
export interface StatsAnswers {
  members: MembersStats;
  requests: RequestsStats;
  insurance: InsuranceStats;
  campaigns: CampaignsStats;
  money: MoneyStats;
}

/** A period of days, both counted, 'YYYY-MM-DD'. */
export interface StatsPeriod {
  from: string;
  to: string;
}

/** The download's name without the period, as the server's sections name it. */
const FILENAMES: Record<StatsSectionName, string> = {
  members: 'nokkeltall-medlemmer',
  requests: 'nokkeltall-foresporsler',
  insurance: 'nokkeltall-forsikring',
  campaigns: 'nokkeltall-kampanjer',
  money: 'nokkeltall-okonomi',
};

export const statsPath = (section: StatsSectionName) => `/api/stats/${section}`;

/** 'nokkeltall-medlemmer-2026-01-01-2026-11-29.xlsx', as the server names the file. */
export const statsFilename = (section: StatsSectionName, period: StatsPeriod) => `${FILENAMES[section]}-${period.from}-${period.to}.xlsx`;

export interface StatsMethods {
  stats<S extends StatsSectionName>(section: S, period: StatsPeriod, signal?: AbortSignal): Promise<StatsAnswers[S]>;
  downloadStats(section: StatsSectionName, period: StatsPeriod): Promise<void>;
}

export const statsMethods: StatsMethods = {
  async stats<S extends StatsSectionName>(section: S, period: StatsPeriod, signal?: AbortSignal): Promise<StatsAnswers[S]> {
    const query = { from: period.from, to: period.to };
    return unwrap(await http.get<{ data: StatsAnswers[S] }>(statsPath(section), { query, signal })).data;
  },

  async downloadStats(section, period) {
    unwrap(await download(statsPath(section), statsFilename(section, period), { from: period.from, to: period.to, format: 'xlsx' }));
  },
};
