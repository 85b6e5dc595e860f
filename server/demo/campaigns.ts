/** Campaign codes (running and ended) and the partner discount codes shown on Min side. */
import type { Queryable } from '../db/database.ts';
import type { DemoContext } from './context.ts';
import { yearOf } from './dates.ts';
import { insertRows, idCounter, syncSequence } from './insert.ts';

interface Campaign {
  name: string;
  code: string;
  period_start: string;
  period_end: string | null;
  product_category_id: number;
  benefit_id: number;
  status: number;
}

function campaigns(today: string): Campaign[] {
  const year = yearOf(today);
  const last = year - 1;
  return [
    {
      name: `Sommerkampanje ${year}`,
      code: `SOMMER${year}`,
      period_start: `${year}-05-01`,
      period_end: `${year}-12-31`,
      product_category_id: 1,
      benefit_id: 2,
      status: 1,
    },
    { name: 'Studentmedlemskap', code: 'STUDENT', period_start: `${last}-08-01`, period_end: null, product_category_id: 1, benefit_id: 1, status: 1 },
    {
      name: 'Turnéforsikring',
      code: `TURNE${year}`,
      period_start: `${year}-01-01`,
      period_end: `${year}-12-31`,
      product_category_id: 2,
      benefit_id: 3,
      status: 1,
    },
    { name: 'Bylarm-rabatt', code: 'BYLARM', period_start: `${year}-02-15`, period_end: null, product_category_id: 1, benefit_id: 4, status: 1 },
    {
      name: `Sommerkampanje ${last}`,
      code: `SOMMER${last}`,
      period_start: `${last}-05-01`,
      period_end: `${last}-08-31`,
      product_category_id: 1,
      benefit_id: 2,
      status: 0,
    },
    {
      name: 'Instrumentuka',
      code: `INSTRUMENT${String(last).slice(2)}`,
      period_start: `${last}-09-01`,
      period_end: `${last}-09-30`,
      product_category_id: 3,
      benefit_id: 1,
      status: 0,
    },
    {
      name: `Julekampanje ${last}`,
      code: `JUL${last}`,
      period_start: `${last}-12-01`,
      period_end: `${last}-12-31`,
      product_category_id: 1,
      benefit_id: 0,
      status: 0,
    },
  ];
}

const DISCOUNT_CODES = [
  ['MUSIKER15', '<p><strong>15 % rabatt</strong> på strenger, skinn og tilbehør hos Lydverket. Oppgi koden i kassen eller skriv den inn i nettbutikken.</p>'],
  ['NOTER20', '<p><strong>20 % rabatt</strong> på noter og lærebøker hos Noteboden.</p>'],
  ['STUDIO10', '<p><strong>10 % rabatt</strong> på studiotimer hos Studiokompaniet. Gjelder bestillinger på hverdager.</p>'],
  ['TROMME25', '<p><strong>25 % rabatt</strong> på service og stemming av trommesett hos Trommeloftet.</p>'],
  ['REPARASJON', '<p><strong>Gratis prisoverslag</strong> og 10 % rabatt på reparasjon av instrumenter hos Gitarhuset Nord.</p>'],
  ['HORSEL', '<p><strong>500 kr rabatt</strong> på tilpassede ørepropper hos Hørselsverkstedet. Ta med medlemskortet.</p>'],
] as const;

/** Inserts the campaigns; answers their ids by code. */
export async function insertCampaigns(db: Queryable, context: DemoContext): Promise<Map<string, number>> {
  const nextId = await idCounter(db, 'campaigns');
  const created = `${context.today.slice(0, 4)}-01-02T09:00:00+01:00`;
  const rows = campaigns(context.today).map((campaign) => ({ id: nextId(), ...campaign, created_at: created, updated_at: created }));
  await insertRows(db, 'campaigns', rows);
  await syncSequence(db, 'campaigns');
  return new Map(rows.map((row) => [row.code, row.id]));
}

export async function insertDiscountCodes(db: Queryable): Promise<void> {
  const nextId = await idCounter(db, 'discount_codes');
  const rows = DISCOUNT_CODES.map(([code, description], index) => ({
    id: nextId(),
    code,
    description,
    sort_order: index + 1,
    active: code !== 'HORSEL',
  }));
  await insertRows(db, 'discount_codes', rows);
  await syncSequence(db, 'discount_codes');
}
