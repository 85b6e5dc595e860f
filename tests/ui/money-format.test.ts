/** Money and KIDs on screen: øre shown as 'kr 1 290,50', typed kroner read back to øre, a KID in groups of five. */
import { describe, expect, it } from 'vitest';
import { formatKid, formatKroner, parseKroner } from '../../src/common/format.ts';

describe('formatKroner', () => {
  it.each([
    [129050, 'kr 1 290,50'],
    [0, 'kr 0,00'],
    [5, 'kr 0,05'],
    [125000000, 'kr 1 250 000,00'],
    [-129050, '-kr 1 290,50'],
  ])('%i øre → %s', (ore, text) => {
    expect(formatKroner(ore)).toBe(text);
  });
});

describe('parseKroner', () => {
  it.each([
    ['1 290,50', 129050],
    ['1290.5', 129050],
    ['1290', 129000],
    ['kr 1 290,-', 129000],
    [' 0,05 ', 5],
    ['0', 0],
  ])('%s → %i øre', (text, ore) => {
    expect(parseKroner(text)).toBe(ore);
  });

  it.each(['', 'abc', '1,234', '12,3,4', '1 290,50 kr', '--5'])('refuses %j', (text) => {
    expect(parseKroner(text)).toBeNull();
  });
});

describe('formatKid', () => {
  it('groups a 15-digit KID in fives', () => {
    expect(formatKid('101890010070004')).toBe('10189 00100 70004');
    expect(formatKid(null)).toBe('');
  });
});
