/** One section's figures for a period, through the data provider's `stats`, each section on its own. */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { StaffDataProvider, StatsAnswers, StatsPeriod, StatsSectionName } from '../../dataProvider/index.ts';

export const statsKey = (section: StatsSectionName, period: StatsPeriod) => ['stats', section, period.from, period.to] as const;

export function useStats<S extends StatsSectionName>(section: S, period: StatsPeriod) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  return useQuery<StatsAnswers[S]>({
    queryKey: statsKey(section, period),
    queryFn: ({ signal }) => dataProvider.stats(section, period, signal),
    // The figures change slowly; a section read a minute ago is shown again at once.
    staleTime: 60_000,
  });
}

/** Whether an answer has any figure other than nought (ids and the period's dates aside). */
export function hasFigures(value: unknown, key = ''): boolean {
  if (typeof value === 'number') return !key.endsWith('_id') && value !== 0;
  if (Array.isArray(value)) return value.some((item) => hasFigures(item));
  if (value && typeof value === 'object') return Object.entries(value).some(([name, item]) => hasFigures(item, name));
  return false;
}
