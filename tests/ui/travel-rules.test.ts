import { describe, expect, it } from 'vitest';
import { chargedMonthIndex, invoicedPrice, priceForRestOfYear, showsRestOfYear, travelFormErrors, travelProducts } from '../../server/schemas/travel-rules.ts';

describe('the price for the rest of the year', () => {
  const expected = [
    ['januar', 1000],
    ['februar', 1000],
    ['mars', 1000],
    ['april', 750],
    ['mai', 750],
    ['juni', 750],
    ['juli', 500],
    ['august', 500],
    ['september', 500],
    ['oktober', 250],
    ['november', 250],
    ['desember', 250],
  ] as const;

  it.each(expected.map(([month, price], index) => [month, index, price]))('%s (month index %i) costs %i of 1000', (_month, index, price) => {
    expect(priceForRestOfYear(1000, index)).toBe(price);
  });

  it('is shown from April (month index above 2) only', () => {
    expect([0, 1, 2, 3, 11].map(showsRestOfYear)).toEqual([false, false, false, true, true]);
  });

  it('rounds to whole kroner: 1290 in April is 968', () => {
    expect(priceForRestOfYear(1290, 3)).toBe(968);
    expect(priceForRestOfYear(1890, 9)).toBe(473);
  });

  it('counts from the start date when it lies ahead, otherwise from today', () => {
    expect(chargedMonthIndex('2027-02-01', '2026-11-23')).toBe(1);
    expect(chargedMonthIndex('2026-01-10', '2026-11-23')).toBe(10);
    expect(chargedMonthIndex(null, '2026-05-02')).toBe(4);
    expect(invoicedPrice(1290, '2027-02-01', '2026-11-23')).toBe(1290);
    expect(invoicedPrice(1290, null, '2026-07-01')).toBe(645);
  });
});

describe('the product filter', () => {
  it("keeps only products whose name starts with 'Reiseforsikring'", () => {
    const products = [
      { id: 1, name: 'Reiseforsikring Europa' },
      { id: 2, name: 'Reiseforsikring Verden' },
      { id: 3, name: 'Medlemskap' },
      { id: 4, name: 'Instrumentforsikring' },
      { id: 5, name: 'Tilleggsreiseforsikring' },
      { id: 6, name: 'reiseforsikring liten' },
    ];
    expect(travelProducts(products).map((product) => product.id)).toEqual([1, 2]);
  });
});

describe("the form's own checks, the same in both apps", () => {
  const form = (subscription_start: string, subscription_end: string | null) => ({ product_id: 1, subscription_start, subscription_end });

  it('refuses an end before the start, and takes an end on the start day or later', () => {
    expect(travelFormErrors(form('2027-03-10', '2027-03-09'), null)).toEqual({ subscription_end: 'Sluttdato kan ikke være før startdato' });
    expect(travelFormErrors(form('2027-03-10', '2027-03-10'), null)).toEqual({});
    expect(travelFormErrors(form('2027-03-10', '2027-12-31'), null)).toEqual({});
  });

  it('refuses an end before the current end, and asks for a travel product', () => {
    expect(travelFormErrors(form('2027-01-01', '2027-05-31'), '2027-06-30')).toEqual({ subscription_end: 'Sluttdato kan ikke være før nåværende sluttdato' });
    expect(travelFormErrors({ ...form('2027-01-01', null), product_id: null }, null)).toEqual({ product_id: 'Feltet er påkrevd' });
  });
});
