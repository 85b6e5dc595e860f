/** 'Nøkkeltall' → the requests section. (Being built: answers 501 until its counters exist.) */
import { HttpError } from '../../lib/http-errors.ts';
import type { RequestsStats } from '../../schemas/stats.ts';
import type { StatsSection } from './section.ts';

const notYet = () => new HttpError(501, { message: 'Ikke ferdig ennå.' });

export const requestsSection: StatsSection<RequestsStats> = {
  name: 'requests',
  filename: 'nokkeltall-foresporsler',
  read: async () => { throw notYet(); },
  sheets: () => [],
  rebuild: async () => {},
};
