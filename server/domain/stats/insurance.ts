/** 'Nøkkeltall' → the insurance section. (Being built: answers 501 until its counters exist.) */
import { HttpError } from '../../lib/http-errors.ts';
import type { InsuranceStats } from '../../schemas/stats.ts';
import type { StatsSection } from './section.ts';

const notYet = () => new HttpError(501, { message: 'Ikke ferdig ennå.' });

export const insuranceSection: StatsSection<InsuranceStats> = {
  name: 'insurance',
  filename: 'nokkeltall-forsikring',
  read: async () => { throw notYet(); },
  sheets: () => [],
  rebuild: async () => {},
};
