/**
 * 'Nøkkeltall': the board's figures, one answer per section (`GET /api/stats/{section}`), each
 * `{data: {from, to, series, totals}}`. `series` has one row per calendar month of the period
 * (the first and last month counted only from `from` and up to `to`); figures "at the month's
 * end" are as of `to` for the period's last month and as of today for the month under way.
 * Money is in øre (integers); shares are given as a count and the count they are a share of.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { DateOnly, Nullable } from './common.ts';

const Count = (description: string) => Type.Integer({ minimum: 0, description });
const Ore = (description: string) => Type.Integer({ description: `${description} (øre)` });
const Month = Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', description: 'Måneden, ÅÅÅÅ-MM' });

export const STATS_SECTIONS = ['members', 'requests', 'insurance', 'campaigns', 'money'] as const;
export type StatsSectionName = (typeof STATS_SECTIONS)[number];

export const StatsQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ format: 'date', description: 'Første dag i perioden, ÅÅÅÅ-MM-DD (med). Standard: 1. januar i år' })),
    to: Type.Optional(Type.String({ format: 'date', description: 'Siste dag i perioden, ÅÅÅÅ-MM-DD (med). Standard og største verdi: i dag' })),
    format: Type.Optional(Type.Literal('xlsx', { description: 'xlsx: tallene som regneark (ett ark per tabell) i stedet for JSON' })),
  },
  { additionalProperties: false },
);
export type StatsQuery = Static<typeof StatsQuery>;

const answer = <S extends TSchema, T extends TSchema>(series: S, totals: T, description: string) =>
  Type.Object(
    {
      from: DateOnly,
      to: DateOnly,
      series: Type.Array(series, { description: 'Én rad per måned i perioden, eldste først' }),
      totals,
    },
    { description },
  );

// --- Members -------------------------------------------------------------------------------

export const MemberMonth = Type.Object({
  month: Month,
  members: Count('Medlemmer ved månedens slutt (ved periodens slutt for siste måned, i dag for måneden som pågår)'),
  joins: Count('Innmeldte i måneden'),
  leaves: Count('Utmeldte i måneden, alle grunner'),
  leaves_resigned: Count('Meldte seg ut (medlemskapet avsluttet eller sagt opp)'),
  leaves_lapsed: Count('Strøket for manglende betaling'),
  leaves_erased: Count('Slettet (anonymisert)'),
  net: Type.Integer({ description: 'Netto vekst: innmeldte minus utmeldte' }),
});
export type MemberMonth = Static<typeof MemberMonth>;

const Bucket = Type.Object({
  key: Type.String({ description: 'Kode for gruppen' }),
  label: Type.String({ description: 'Gruppens navn slik siden viser det' }),
  count: Count('Antall'),
});
export type StatsBucket = Static<typeof Bucket>;

export const MemberTotals = Type.Object({
  members_at_start: Count('Medlemmer dagen før perioden begynner'),
  members_at_end: Count('Medlemmer ved periodens slutt'),
  joins: Count('Innmeldte i perioden'),
  leaves: Count('Utmeldte i perioden'),
  leaves_resigned: Count('Meldte seg ut i perioden'),
  leaves_lapsed: Count('Strøket for manglende betaling i perioden'),
  leaves_erased: Count('Slettet i perioden'),
  net: Type.Integer({ description: 'Netto vekst i perioden' }),
  members_now: Count('Medlemmer i dag: det aldersgruppene, instrumentene og samtykkene er en del av'),
  age_bands: Type.Array(Bucket, { description: 'Medlemmer i dag etter alder ved årets slutt (under 20, 20–29, …, 70 og over, ukjent)' }),
  instruments: Type.Array(Bucket, { description: 'Medlemmer i dag etter hovedinstrument (key er instrumenttypens id), flest først' }),
  consents: Type.Array(Bucket, { description: 'Medlemmer i dag som har samtykket til hvert nyhetsbrev (key er feltet, f.eks. newsletter_2)' }),
});
export const MembersStats = answer(MemberMonth, MemberTotals, 'Medlemmer: antall, inn- og utmeldinger, alder, instrument og samtykke');
export type MembersStats = Static<typeof MembersStats>;

// --- Requests ------------------------------------------------------------------------------

const RequestKind = Type.Union([Type.Literal('membership'), Type.Literal('travel'), Type.Literal('instrument')], {
  description: 'membership: søknad om medlemskap; travel: reiseforsikring; instrument: instrumentforsikring',
});
export type RequestKind = Static<typeof RequestKind>;

const WaitDays = (description: string) => Nullable(Type.Integer({ minimum: 0, description: `${description} (hele dager; null når ingen)` }));

export const RequestMonth = Type.Object({
  month: Month,
  kind: RequestKind,
  received: Count('Mottatt i måneden'),
  handled: Count('Behandlet (godkjent eller avvist) i måneden'),
  accepted: Count('Godkjent i måneden'),
  rejected: Count('Avvist i måneden'),
  median_wait_days: WaitDays('Median ventetid for dem som ble behandlet i måneden'),
  p90_wait_days: WaitDays('90-persentil av ventetiden for dem som ble behandlet i måneden'),
});
export type RequestMonth = Static<typeof RequestMonth>;

export const RequestKindTotals = Type.Object({
  kind: RequestKind,
  received: Count('Mottatt i perioden'),
  handled: Count('Behandlet i perioden'),
  accepted: Count('Godkjent i perioden'),
  rejected: Count('Avvist i perioden'),
  median_wait_days: WaitDays('Median ventetid for dem som ble behandlet i perioden'),
  p90_wait_days: WaitDays('90-persentil av ventetiden i perioden'),
  waiting_now: Count('Venter nå: det samme som tallet i menyen'),
  oldest_waiting_days: WaitDays('Hvor lenge den eldste som venter nå har ventet'),
  median_waiting_days: WaitDays('Median av hvor lenge de som venter nå har ventet'),
});
export const RequestsStats = answer(
  RequestMonth,
  Type.Object({ kinds: Type.Array(RequestKindTotals) }),
  'Forespørsler: mottatt og behandlet per måned (én rad per måned og type), ventetider, og hva som venter nå',
);
export type RequestsStats = Static<typeof RequestsStats>;

// --- Insurance -----------------------------------------------------------------------------

const ProductCount = Type.Object({
  product_id: Type.Integer(),
  name: Type.String(),
  count: Count('Medlemmer med dette produktet'),
});

export const InsuranceMonth = Type.Object({
  month: Month,
  travel_members: Count('Medlemmer med aktiv reiseforsikring ved månedens slutt'),
  travel_by_product: Type.Array(ProductCount, { description: 'De samme, per produkt' }),
  instruments_insured: Count('Forsikrede instrumenter ved månedens slutt'),
  insured_value_ore: Ore('Samlet forsikringsverdi ved månedens slutt'),
  insured_value_change_ore: Ore('Endring i forsikringsverdi fra forrige måneds slutt'),
  travel_accepted: Count('Reiseforsikringer godkjent i måneden'),
  travel_rejected: Count('Reiseforsikringer avvist i måneden'),
  instruments_accepted: Count('Instrumenter godkjent i måneden'),
  instruments_rejected: Count('Instrumenter avvist i måneden'),
});
export type InsuranceMonth = Static<typeof InsuranceMonth>;

export const InsuranceTotals = Type.Object({
  travel_members: Count('Medlemmer med aktiv reiseforsikring ved periodens slutt'),
  travel_by_product: Type.Array(ProductCount),
  instruments_insured: Count('Forsikrede instrumenter ved periodens slutt'),
  insured_value_ore: Ore('Samlet forsikringsverdi ved periodens slutt'),
  insured_value_change_ore: Ore('Endring i forsikringsverdi over perioden'),
  travel_accepted: Count('Reiseforsikringer godkjent i perioden'),
  travel_rejected: Count('Reiseforsikringer avvist i perioden'),
  instruments_accepted: Count('Instrumenter godkjent i perioden'),
  instruments_rejected: Count('Instrumenter avvist i perioden'),
});
export const InsuranceStats = answer(
  InsuranceMonth,
  InsuranceTotals,
  'Forsikring: reiseforsikring per produkt, forsikrede instrumenter og verdi, godkjent og avvist',
);
export type InsuranceStats = Static<typeof InsuranceStats>;

// --- Campaigns -----------------------------------------------------------------------------

export const CampaignMonth = Type.Object({
  month: Month,
  signups: Count('Fullførte registreringer med en kampanjekode i måneden'),
  by_campaign: Type.Array(Type.Object({ campaign_id: Type.Integer(), signups: Count('Fullførte registreringer med koden') })),
  quick_checkouts_started: Count('Vipps hurtigkasse: påbegynt i måneden'),
  quick_checkouts_completed: Count('Vipps hurtigkasse: fullført i måneden'),
});
export type CampaignMonth = Static<typeof CampaignMonth>;

export const CampaignTotals = Type.Object({
  campaigns: Type.Array(
    Type.Object({
      campaign_id: Type.Integer(),
      name: Type.String(),
      code: Type.String(),
      period_start: Nullable(DateOnly),
      period_end: Nullable(DateOnly),
      signups: Count('Fullførte registreringer med koden i perioden'),
    }),
    { description: 'Kampanjene med registreringer i perioden eller som gjaldt i perioden, flest registreringer først' },
  ),
  signups: Count('Fullførte registreringer med en kampanjekode i perioden'),
  quick_checkouts_started: Count('Vipps hurtigkasse: påbegynt i perioden'),
  quick_checkouts_completed: Count('Vipps hurtigkasse: fullført i perioden'),
});
export const CampaignsStats = answer(CampaignMonth, CampaignTotals, 'Kampanjer: registreringer per kampanjekode, og Vipps hurtigkasse påbegynt og fullført');
export type CampaignsStats = Static<typeof CampaignsStats>;

// --- Money ---------------------------------------------------------------------------------

export const MoneyMonth = Type.Object({
  month: Month,
  invoiced_ore: Ore('Fakturert i måneden (etter fakturadato), minus kreditert i måneden'),
  paid_ore: Ore('Innbetalt i måneden (etter betalingsdato)'),
  invoiced_ytd_ore: Ore('Fakturert fra 1. januar samme år til månedens slutt'),
  paid_ytd_ore: Ore('Innbetalt fra 1. januar samme år til månedens slutt'),
});
export type MoneyMonth = Static<typeof MoneyMonth>;

const Channel = Type.Union(
  [Type.Literal('efaktura'), Type.Literal('email'), Type.Literal('avtalegiro'), Type.Literal('vipps'), Type.Literal('vipps_agreement')],
  {
    description:
      'efaktura, email og avtalegiro: betalt på en faktura sendt slik; vipps: betalt med Vipps på Min side eller ved innmelding; vipps_agreement: trukket med Vipps-avtale',
  },
);

export const MoneyTotals = Type.Object({
  invoiced_ore: Ore('Fakturert i perioden, minus kreditert'),
  paid_ore: Ore('Innbetalt i perioden'),
  outstanding_ore: Ore('Utestående i dag'),
  outstanding_by_age: Type.Array(
    Type.Object({
      key: Type.String({ description: 'not_due, 1_30, 31_60, 61_90, over_90' }),
      label: Type.String(),
      invoices: Count('Fakturaer'),
      amount_ore: Ore('Utestående'),
    }),
    { description: 'Utestående i dag etter dager over forfall, som på fakturasiden' },
  ),
  paid_by_channel: Type.Array(
    Type.Object({
      channel: Channel,
      label: Type.String(),
      payments: Count('Innbetalinger i perioden'),
      amount_ore: Ore('Innbetalt i perioden'),
    }),
  ),
});
export const MoneyStats = answer(
  MoneyMonth,
  MoneyTotals,
  'Økonomi: fakturert og innbetalt per måned og hittil i år, utestående etter alder, innbetalt per kanal',
);
export type MoneyStats = Static<typeof MoneyStats>;

export type StatsAnswer = MembersStats | RequestsStats | InsuranceStats | CampaignsStats | MoneyStats;
