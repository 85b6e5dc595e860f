/** The sections of 'Nøkkeltall', by the name their route takes (`/api/stats/{name}`). */
import type { Database } from '../../db/database.ts';
import type { StatsAnswer, StatsSectionName } from '../../schemas/stats.ts';
import type { StatsSection } from './section.ts';
import { membersSection } from './members.ts';
import { requestsSection } from './requests.ts';
import { insuranceSection } from './insurance.ts';
import { campaignsSection } from './campaigns.ts';
import { moneySection } from './money.ts';

export const STATS: { [Name in StatsSectionName]: StatsSection<StatsAnswer> } = {
  members: membersSection as StatsSection<StatsAnswer>,
  requests: requestsSection as StatsSection<StatsAnswer>,
  insurance: insuranceSection as StatsSection<StatsAnswer>,
  campaigns: campaignsSection as StatsSection<StatsAnswer>,
  money: moneySection as StatsSection<StatsAnswer>,
};

/** Every section's counters recomputed from the register (`npm run stats:rebuild`). */
export async function rebuildStats(db: Database): Promise<void> {
  for (const section of Object.values(STATS)) await section.rebuild(db);
}
