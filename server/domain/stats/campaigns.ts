/** 'Nøkkeltall' → the campaigns section. (Being built: answers 501 until its counters exist.) */
import { HttpError } from '../../lib/http-errors.ts';
import type { CampaignsStats } from '../../schemas/stats.ts';
import type { StatsSection } from './section.ts';

const notYet = () => new HttpError(501, { message: 'Ikke ferdig ennå.' });

export const campaignsSection: StatsSection<CampaignsStats> = {
  name: 'campaigns',
  filename: 'nokkeltall-kampanjer',
  read: async () => { throw notYet(); },
  sheets: () => [],
  rebuild: async () => {},
};
