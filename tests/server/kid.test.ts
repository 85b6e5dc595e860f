import { describe, expect, it } from 'vitest';
import { formatAccountNumber, isValidAccountNumber, isValidKid, KID_LENGTH, makeKid, mod10CheckDigit, normaliseKid, parseKid } from '../../server/lib/kid.ts';
import { loadConfig } from '../../server/config.ts';

describe('KID and account numbers', () => {
  it('computes MOD10 check digits as banks do (Luhn)', () => {
    // Published examples: 234567 → 6 (Bits/Nets KID examples), 7992739871 → 3 (Luhn's own example).
    expect(mod10CheckDigit('234567')).toBe('6');
    expect(mod10CheckDigit('7992739871')).toBe('3');
    expect(mod10CheckDigit('0')).toBe('0');
  });

  it('makes a fixed-length KID from the member and invoice numbers that reads back', () => {
    const kid = makeKid(1042, 17);
    expect(kid).toHaveLength(KID_LENGTH);
    expect(kid.startsWith('0001042' + '0000017')).toBe(true);
    expect(isValidKid(kid)).toBe(true);
    expect(parseKid(kid)).toEqual({ memberNumber: 1042, invoiceNumber: 17 });
    expect(makeKid(1, 1)).not.toBe(makeKid(1, 2));
  });

  it('refuses a KID with a wrong check digit, a swapped pair of digits or the wrong length', () => {
    const kid = makeKid(1042, 17);
    const wrongCheck = kid.slice(0, -1) + String((Number(kid.slice(-1)) + 1) % 10);
    expect(isValidKid(wrongCheck)).toBe(false);
    const swapped = kid.slice(0, 5) + kid[6] + kid[5] + kid.slice(7);
    if (swapped !== kid) expect(isValidKid(swapped)).toBe(false);
    expect(isValidKid(kid.slice(1))).toBe(false);
    expect(isValidKid('abc')).toBe(false);
    expect(normaliseKid(` ${kid.slice(0, 7)} ${kid.slice(7)} `)).toBe(kid);
  });

  it('refuses numbers that do not fit the KID', () => {
    expect(() => makeKid(12_345_678, 1)).toThrow();
    expect(() => makeKid(1, 0)).toThrow();
    expect(() => makeKid(1, 12_345_678)).toThrow();
  });

  it('checks account numbers with MOD11 and prints them grouped', () => {
    expect(isValidAccountNumber('1503.12.34562')).toBe(true);
    expect(isValidAccountNumber('15031234563')).toBe(false);
    expect(isValidAccountNumber('1503123456')).toBe(false);
    expect(formatAccountNumber('15031234562')).toBe('1503.12.34562');
  });

  it('reads BANK_ACCOUNT and the billing days at start and stops on a bad value', () => {
    expect(loadConfig({}).billing).toEqual({
      bankAccount: '15031234562',
      invoiceDueDays: 14,
      reminder1Days: 14,
      reminder2Days: 28,
      lapseDays: 60,
      tripletex: false,
    });
    expect(loadConfig({ BANK_ACCOUNT: '1503 12 34562', INVOICE_DUE_DAYS: '10' }).billing).toMatchObject({ bankAccount: '15031234562', invoiceDueDays: 10 });
    expect(() => loadConfig({ BANK_ACCOUNT: '15031234563' })).toThrow(/BANK_ACCOUNT/);
    expect(() => loadConfig({ REMINDER_1_DAYS: '30', REMINDER_2_DAYS: '20' })).toThrow(/REMINDER_2_DAYS/);
    expect(() => loadConfig({ LAPSE_DAYS: '10' })).toThrow(/LAPSE_DAYS/);
  });
});
