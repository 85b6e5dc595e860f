/** Date-only values never move a day, whatever the browser's time zone. */
import { afterAll, describe, expect, it } from 'vitest';
import { isoToText, textToIso } from '../../../src/min-side/dateText.ts';
import { dateToIso, isoToDate } from '../../../src/min-side/components/calendarDates.ts';
import { isPickerDate } from '../../../server/schemas/rules.ts';

const original = process.env.TZ;
afterAll(() => {
  process.env.TZ = original;
});

// Node applies a changed TZ to every Date made after it.
describe.each(['Europe/Oslo', 'UTC', 'America/Los_Angeles', 'Pacific/Kiritimati'])('in %s', (zone) => {
  it('reads typed dd/mm/åååå as the same yyyy-MM-dd, shows it back, and the calendar reads and writes the same day', () => {
    process.env.TZ = zone;
    expect(textToIso('17/04/1988')).toBe('1988-04-17');
    expect(textToIso('17.04.1988')).toBe('1988-04-17');
    expect(textToIso('7/4/1988')).toBe('1988-04-07');
    expect(isoToText('1988-04-17')).toBe('17/04/1988');
    // Days when Oslo moves its clocks, and the first and last day the picker offers.
    for (const iso of ['1990-03-25', '1990-09-30', '1905-01-01', '2026-12-31', '2000-02-29']) {
      const day = isoToDate(iso)!;
      expect([day.getFullYear(), day.getMonth() + 1, day.getDate()].join('-')).toBe(iso.replace(/-0/g, '-'));
      expect(dateToIso(day)).toBe(iso);
      expect(textToIso(isoToText(iso))).toBe(iso);
    }
  });

  it('keeps text that is no date as it is, so the form refuses it', () => {
    process.env.TZ = zone;
    expect(textToIso('31/02/1990')).toBe('31/02/1990');
    expect(textToIso('17 april')).toBe('17 april');
    expect(textToIso('  ')).toBe('');
  });
});

describe('the picker years', () => {
  const today = new Date(2026, 10, 23);
  it('are 1905 to next year', () => {
    expect(isPickerDate('1905-01-01', today)).toBe(true);
    expect(isPickerDate('1904-12-31', today)).toBe(false);
    expect(isPickerDate('2027-12-31', today)).toBe(true);
    expect(isPickerDate('2028-01-01', today)).toBe(false);
    expect(isPickerDate('1990-02-30', today)).toBe(false);
  });
});
