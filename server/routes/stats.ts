/**
 * 'Nøkkeltall': GET /api/stats/{members,requests,insurance,campaigns,money}?from&to, each the
 * section's figures for the period, or with format=xlsx the same tables as a spreadsheet.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import { DataOf } from '../schemas/common.ts';
import { CampaignsStats, InsuranceStats, MembersStats, MoneyStats, RequestsStats, StatsQuery, type StatsSectionName } from '../schemas/stats.ts';
import { XLSX_CONTENT_TYPE, sendXlsxSheets } from '../lib/xlsx.ts';
import { STATS } from '../domain/stats/index.ts';
import { statsPeriod } from '../domain/stats/period.ts';
import { statsFilename } from '../domain/stats/section.ts';

const TAGS = ['Nøkkeltall'];

const SECTIONS: { name: StatsSectionName; schema: TSchema; summary: string }[] = [
  {
    name: 'members',
    schema: MembersStats,
    summary: 'Medlemmer ved hver måneds slutt, inn- og utmeldinger (utmeldinger etter grunn), netto vekst; i dag etter alder, hovedinstrument og samtykke',
  },
  {
    name: 'requests',
    schema: RequestsStats,
    summary: 'Forespørsler om medlemskap, reise- og instrumentforsikring mottatt og behandlet per måned, median og 90-persentil ventetid, og hva som venter nå',
  },
  {
    name: 'insurance',
    schema: InsuranceStats,
    summary: 'Medlemmer med reiseforsikring per produkt, forsikrede instrumenter og samlet verdi, godkjent og avvist',
  },
  { name: 'campaigns', schema: CampaignsStats, summary: 'Registreringer per kampanjekode, og Vipps hurtigkasse påbegynt og fullført' },
  { name: 'money', schema: MoneyStats, summary: 'Fakturert og innbetalt per måned og hittil i år, utestående etter alder, og innbetalt per kanal' },
];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.services;

  for (const { name, schema, summary } of SECTIONS) {
    const section = STATS[name];
    app.get(
      `/stats/${name}`,
      {
        config: { right: 'stats.read', access: 'staff' },
        schema: {
          tags: TAGS,
          summary: `${summary}. Med format=xlsx: de samme tabellene som regneark`,
          querystring: StatsQuery,
          response: {
            200: {
              description: 'Tallene for perioden (JSON), eller regnearket med format=xlsx',
              content: {
                'application/json': { schema: DataOf(schema) },
                [XLSX_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } },
              },
            },
          },
        },
      },
      async (request, reply) => {
        const period = statsPeriod(request.query);
        const answer = await section.read(db, period);
        if (request.query.format === 'xlsx') return sendXlsxSheets(reply, statsFilename(section, period), section.sheets(answer));
        return { data: answer };
      },
    );
  }
};

export default routes;
