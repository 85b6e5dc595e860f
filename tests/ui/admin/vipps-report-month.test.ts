/** The Vipps report's default range, the month before today, on the local calendar (as date-fns reckons it). */
import { endOfMonth, format, startOfMonth, subMonths } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { previousMonth } from '../../../src/admin/settings/VippsExportForm.tsx';

describe('previousMonth', () => {
  it('is the first and last day of the month before, in January, in leap years and at month ends', () => {
    expect(previousMonth(new Date(2026, 0, 15))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(previousMonth(new Date(2024, 2, 31))).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    for (let day = new Date(2023, 0, 1); day < new Date(2027, 0, 1); day = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 5)) {
      const month = subMonths(day, 1);
      expect(previousMonth(day)).toEqual({ from: format(startOfMonth(month), 'yyyy-MM-dd'), to: format(endOfMonth(month), 'yyyy-MM-dd') });
    }
  });
});
