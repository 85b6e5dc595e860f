/** 'Nøkkeltall' → the members section. (Being built: answers 501 until its counters exist.) */
import { HttpError } from '../../lib/http-errors.ts';
import type { MembersStats } from '../../schemas/stats.ts';
import type { StatsSection } from './section.ts';

const notYet = () => new HttpError(501, { message: 'Ikke ferdig ennå.' });

export const membersSection: StatsSection<MembersStats> = {
  name: 'members',
  filename: 'nokkeltall-medlemmer',
  read: async () => { throw notYet(); },
  sheets: () => [],
  rebuild: async () => {},
};
