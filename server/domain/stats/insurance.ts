/**
 * 'Nøkkeltall' → insurance: members with a travel cover per product and instruments insured with
 * their value at each month's end, and travel covers and instruments accepted and rejected per
 * month, from the day counters of migration 050 (a cover is +1 the day it starts and −1 the day
 * after it ends, so a level at a day's end is the sum of every day up to it).
 */
import type { Queryable } from '../../db/database.ts';
import type { InsuranceMonth, InsuranceStats } from '../../schemas/stats.ts';
import { flowIn, flowTotal, levelsAt, readCounters, rebuildSources, type CounterSource } from './day-counters.ts';
import { sheetOf, type StatsSection } from './section.ts';
import type { StatsPeriod } from './period.ts';

const M = {
  travel: 'ins.travel',
  travelAccepted: 'ins.travel_accepted',
  travelRejected: 'ins.travel_rejected',
  instruments: 'ins.instruments',
  value: 'ins.value',
  instrumentsAccepted: 'ins.instruments_accepted',
  instrumentsRejected: 'ins.instruments_rejected',
} as const;

const SOURCES: CounterSource[] = [
  { source: 'ins-travel', metrics: [M.travel, M.travelAccepted, M.travelRejected], table: 'subscriptions', where: "kind = 'travel'" },
  { source: 'ins-instrument', metrics: [M.instruments, M.value, M.instrumentsAccepted, M.instrumentsRejected], table: 'instruments' },
];

async function readInsurance(db: Queryable, period: StatsPeriod): Promise<InsuranceStats> {
  const [sums, products] = await Promise.all([
    readCounters(db, period, [M.travelAccepted, M.travelRejected, M.instrumentsAccepted, M.instrumentsRejected], [M.travel, M.instruments, M.value]),
    db.query<{ id: number; name: string }>("SELECT id, name FROM products WHERE kind = 'travel' ORDER BY id"),
  ]);
  const byProduct = products.map((product) => ({ ...product, levels: levelsAt(sums, period, M.travel, String(product.id)) }));
  const travel = levelsAt(sums, period, M.travel);
  const instruments = levelsAt(sums, period, M.instruments);
  const value = levelsAt(sums, period, M.value);
  const series: InsuranceMonth[] = period.months.map((month, index) => ({
    month,
    travel_members: travel.months[index],
    travel_by_product: byProduct.map((product) => ({ product_id: product.id, name: product.name, count: product.levels.months[index] })),
    instruments_insured: instruments.months[index],
    insured_value_ore: value.months[index],
    insured_value_change_ore: value.months[index] - (index === 0 ? value.start : value.months[index - 1]),
    travel_accepted: flowIn(sums, M.travelAccepted, month),
    travel_rejected: flowIn(sums, M.travelRejected, month),
    instruments_accepted: flowIn(sums, M.instrumentsAccepted, month),
    instruments_rejected: flowIn(sums, M.instrumentsRejected, month),
  }));
  const last = series[series.length - 1];
  return {
    from: period.from,
    to: period.to,
    series,
    totals: {
      travel_members: last.travel_members,
      travel_by_product: last.travel_by_product,
      instruments_insured: last.instruments_insured,
      insured_value_ore: last.insured_value_ore,
      insured_value_change_ore: last.insured_value_ore - value.start,
      travel_accepted: flowTotal(sums, M.travelAccepted),
      travel_rejected: flowTotal(sums, M.travelRejected),
      instruments_accepted: flowTotal(sums, M.instrumentsAccepted),
      instruments_rejected: flowTotal(sums, M.instrumentsRejected),
    },
  };
}

export const insuranceSection: StatsSection<InsuranceStats> = {
  name: 'insurance',
  filename: 'nokkeltall-forsikring',
  read: readInsurance,
  sheets: (answer) => {
    const products = answer.totals.travel_by_product;
    return [
      sheetOf<InsuranceMonth>(
        'Forsikring per måned',
        [
          { header: 'Måned', value: (row) => row.month },
          { header: 'Med reiseforsikring', value: (row) => row.travel_members },
          ...products.map((product, index) => ({ header: `Reise: ${product.name}`, value: (row: InsuranceMonth) => row.travel_by_product[index]?.count ?? 0 })),
          { header: 'Forsikrede instrumenter', value: (row) => row.instruments_insured },
          { header: 'Forsikringsverdi', value: (row) => row.insured_value_ore / 100, kind: 'amount' },
          { header: 'Endring i verdi', value: (row) => row.insured_value_change_ore / 100, kind: 'amount' },
        ],
        answer.series,
      ),
      sheetOf<InsuranceMonth>(
        'Godkjent og avvist',
        [
          { header: 'Måned', value: (row) => row.month },
          { header: 'Reiseforsikring godkjent', value: (row) => row.travel_accepted },
          { header: 'Reiseforsikring avvist', value: (row) => row.travel_rejected },
          { header: 'Instrumenter godkjent', value: (row) => row.instruments_accepted },
          { header: 'Instrumenter avvist', value: (row) => row.instruments_rejected },
        ],
        answer.series,
      ),
    ];
  },
  rebuild: (db) => rebuildSources(db, SOURCES),
};
