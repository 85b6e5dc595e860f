/** 'Nøkkeltall' → the money section. (Being built: answers 501 until its counters exist.) */
import { HttpError } from '../../lib/http-errors.ts';
import type { MoneyStats } from '../../schemas/stats.ts';
import type { StatsSection } from './section.ts';

const notYet = () => new HttpError(501, { message: 'Ikke ferdig ennå.' });

export const moneySection: StatsSection<MoneyStats> = {
  name: 'money',
  filename: 'nokkeltall-okonomi',
  read: async () => { throw notYet(); },
  sheets: () => [],
  rebuild: async () => {},
};
