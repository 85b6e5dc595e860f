/**
 * 'Nøkkeltall' ('/stats'): each section's figures as tables from the server's answers, the period
 * in the address, each section's download, its error state with 'Prøv igjen' and its empty state.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDatePicker } from '../../../src/admin/dates/dateStandIn.tsx';
import { answerStats, MONEY } from './stats-fixtures.ts';
import { callsTo, expectFailedRequests, installFakeApi, renderAdmin, server } from './harness.tsx';

installFakeApi();

/** The first visit loads the page's module (and the charts), which takes a while under a cold transform. */
const SLOW = { timeout: 25_000 };

beforeEach(() => {
  // Only the clock's date: "this year" is 2026, today 29 November.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-29T10:00:00Z'));
  answerStats();
});
afterEach(() => vi.useRealTimers());

const section = (name: string) => screen.getByRole('region', { name });
const table = (caption: string) => screen.getByRole('table', { name: caption });
/** A table row by its header cell's text, as its cells' texts. */
function rowOf(tableElement: HTMLElement, header: string): string[] {
  const row = within(tableElement).getByRole('rowheader', { name: header }).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}
const lastQuery = (section: string) => callsTo(`/api/stats/${section}`).at(-1)?.query;

describe('Nøkkeltall', { timeout: 60_000 }, () => {
  it('shows every section with its figures in tables, its chart described in words', async () => {
    renderAdmin('/stats');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nøkkeltall' }, SLOW)).toBeInTheDocument();
    for (const name of ['Medlemmer', 'Forespørsler', 'Forsikring', 'Kampanjer', 'Økonomi']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    const members = await screen.findByRole('table', { name: 'Medlemmer per måned' }, SLOW);
    expect(rowOf(members, 'jan. 2026')).toEqual(['1 230', '40', '13', '8', '4', '1', '+27']);
    expect(rowOf(members, 'Hele perioden')).toEqual(['1 250', '80', '33', '18', '13', '2', '+47']);
    expect(within(members).getByRole('columnheader', { name: 'Strøket (ubetalt)' })).toHaveAttribute('scope', 'col');
    expect(rowOf(table('Samtykke til nyhetsbrev'), 'Nyheter fra organisasjonen')).toEqual(['500', '40,0 %']);
    expect(rowOf(table('Medlemmer nå etter hovedinstrument'), 'Gitar')).toEqual(['420']);
    expect(
      within(section('Medlemmer')).getByText('Medlemmer gikk fra 1 203 til 1 250 i perioden; 80 innmeldte og 33 utmeldte.', { selector: 'p' }),
    ).toBeInTheDocument();

    const requests = await screen.findByRole('table', { name: 'Mottatt og behandlet per måned og type' });
    expect(
      within(requests)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Måned',
      'Medlemskap: mottatt',
      'Medlemskap: behandlet',
      'Reiseforsikring: mottatt',
      'Reiseforsikring: behandlet',
      'Instrumentforsikring: mottatt',
      'Instrumentforsikring: behandlet',
    ]);
    expect(rowOf(requests, 'feb. 2026')).toEqual(['17', '15', '5', '5', '4', '2']);
    expect(rowOf(table('Venter nå'), 'Medlemskap')).toEqual(['4', '19', '6']);
    expect(rowOf(table('Per type i perioden'), 'Instrumentforsikring')).toEqual(['11', '8', '7', '1', '–', '–']);

    const insurance = await screen.findByRole('table', { name: 'Forsikring per måned' });
    expect(rowOf(insurance, 'feb. 2026')).toEqual(['305', '652', 'kr 1 234 567,00', '-kr 20 000,00']);
    expect(rowOf(table('Reiseforsikring per produkt ved periodens slutt'), 'Reise Europa')).toEqual(['210']);
    expect(rowOf(table('Godkjent og avvist i perioden'), 'Reiseforsikring')).toEqual(['14', '2']);

    const campaigns = await screen.findByRole('table', { name: 'Registreringer per kampanje' });
    expect(rowOf(campaigns, 'VAR2026')).toEqual(['Vårkampanjen', '15.01.2026–31.03.2026', '15']);
    expect(rowOf(table('Registreringer og hurtigkasse per måned'), 'jan. 2026')).toEqual(['12', '20', '15']);

    const money = await screen.findByRole('table', { name: 'Fakturert og innbetalt per måned' });
    expect(rowOf(money, 'jan. 2026')).toEqual(['kr 1 234 567,00', 'kr 800 000,00', 'kr 1 234 567,00', 'kr 800 000,00']);
    expect(rowOf(table('Innbetalt per kanal i perioden'), 'eFaktura')).toEqual(['300', 'kr 825 000,00', '75,0 %']);
    expect(rowOf(table('Utestående nå etter alder'), 'Over 90 dager')).toEqual(['3', 'kr 34 566,50']);
    // This year up to today, each section asked once.
    for (const name of ['members', 'requests', 'insurance', 'campaigns', 'money']) {
      expect(callsTo(`/api/stats/${name}`)).toHaveLength(1);
      expect(lastQuery(name)).toEqual({ from: '2026-01-01', to: '2026-11-29' });
    }
  });

  it('asks for the period chosen and keeps it in the address; a bad range says so and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderAdmin('/stats');
    const period = await screen.findByRole('radiogroup', { name: 'Periode' }, SLOW);
    expect(within(period).getByRole('radio', { name: 'I år' })).toBeChecked();
    expect(screen.getByText('Viser 01.01.2026–29.11.2026')).toBeInTheDocument();

    await user.click(within(period).getByRole('radio', { name: 'I fjor' }));
    await waitFor(() => expect(lastQuery('members')).toEqual({ from: '2025-01-01', to: '2025-12-31' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/stats?from=2025-01-01&to=2025-12-31');
    expect(lastQuery('money')).toEqual({ from: '2025-01-01', to: '2025-12-31' });

    await user.click(within(period).getByRole('radio', { name: 'Siste 12 måneder' }));
    await waitFor(() => expect(lastQuery('members')).toEqual({ from: '2025-12-01', to: '2026-11-29' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/stats?from=2025-12-01&to=2026-11-29');

    // The picker is there before the first key (a person's first key would start loading it, and the
    // focus stays in the field they are in; here the keys come faster than the module).
    await loadDatePicker();
    await user.click(within(period).getByRole('radio', { name: 'Velg periode' }));
    const from = screen.getByRole('textbox', { name: 'Fra' });
    const to = screen.getByRole('textbox', { name: 'Til' });
    expect(from).toHaveValue('01/12/2025');
    await user.click(from);
    await user.keyboard('{Control>}a{/Control}{Backspace}01062026');
    await user.click(to);
    await user.keyboard('{Control>}a{/Control}{Backspace}01032026');
    await user.tab();
    expect(await screen.findByText('Fra-datoen må være samme dag som eller før til-datoen.')).toBeInTheDocument();
    expect(from).toHaveValue('01/06/2026');
    expect(to).toHaveValue('01/03/2026');
    // The whole range typed so far (01.06 to today) was shown; the bad one is not asked for.
    expect(lastQuery('members')).toEqual({ from: '2026-06-01', to: '2026-11-29' });
    expect(callsTo('/api/stats/members').some((call) => call.query.to === '2026-03-01')).toBe(false);

    await user.click(to);
    await user.keyboard('{Control>}a{/Control}{Backspace}30062026');
    await waitFor(() => expect(lastQuery('members')).toEqual({ from: '2026-06-01', to: '2026-06-30' }));
    expect(screen.queryByText('Fra-datoen må være samme dag som eller før til-datoen.')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/stats?from=2026-06-01&to=2026-06-30');
  });

  it('opens a link with a period on that period, as a chosen one', async () => {
    renderAdmin('/stats?from=2026-03-01&to=2026-03-31');
    const period = await screen.findByRole('radiogroup', { name: 'Periode' }, SLOW);
    expect(within(period).getByRole('radio', { name: 'Velg periode' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Fra' })).toHaveValue('01/03/2026');
    await waitFor(() => expect(lastQuery('campaigns')).toEqual({ from: '2026-03-01', to: '2026-03-31' }));
    expect(screen.getByText('Viser 01.03.2026–31.03.2026')).toBeInTheDocument();
  });

  it("saves a section's figures as its spreadsheet for the period", async () => {
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function save(this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = () => 'blob:fil';
    URL.revokeObjectURL = () => undefined;
    server.use(
      http.get('*/api/stats/insurance', ({ request }) =>
        new URL(request.url).searchParams.get('format') === 'xlsx'
          ? new HttpResponse('PK', { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } })
          : undefined,
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/stats?from=2026-02-01&to=2026-02-28');
    await screen.findByRole('table', { name: 'Forsikring per måned' }, SLOW);
    await user.click(within(section('Forsikring')).getByRole('button', { name: 'Last ned (xlsx)' }));
    await waitFor(() => expect(saved).toEqual(['nokkeltall-forsikring-2026-02-01-2026-02-28.xlsx']));
    expect(lastQuery('insurance')).toEqual({ from: '2026-02-01', to: '2026-02-28', format: 'xlsx' });
    click.mockRestore();
  });

  it('shows a section that failed with its own message and reads it again on Prøv igjen; an empty one says so', async () => {
    expectFailedRequests();
    let failing = true;
    server.use(
      http.get('*/api/stats/members', () => (failing ? HttpResponse.json({ message: 'Databasen svarer ikke.' }, { status: 500 }) : undefined)),
      http.get('*/api/stats/money', () =>
        HttpResponse.json({
          data: {
            ...MONEY,
            series: MONEY.series.map((row) => ({ ...row, invoiced_ore: 0, paid_ore: 0, invoiced_ytd_ore: 0, paid_ytd_ore: 0 })),
            totals: { invoiced_ore: 0, paid_ore: 0, outstanding_ore: 0, outstanding_by_age: [], paid_by_channel: [] },
          },
        }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/stats');
    const alert = await within(await screen.findByRole('region', { name: 'Medlemmer' }, SLOW)).findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('Tallene kunne ikke hentes. Databasen svarer ikke.');
    // The others are there all the same.
    expect(await screen.findByRole('table', { name: 'Forsikring per måned' })).toBeInTheDocument();
    expect(await within(section('Økonomi')).findByText('Ingen tall for denne perioden.')).toBeInTheDocument();
    expect(within(section('Økonomi')).queryByRole('table')).not.toBeInTheDocument();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Prøv igjen' }));
    expect(await screen.findByRole('table', { name: 'Medlemmer per måned' })).toBeInTheDocument();
    expect(within(section('Medlemmer')).queryByRole('alert')).not.toBeInTheDocument();
  });
});
