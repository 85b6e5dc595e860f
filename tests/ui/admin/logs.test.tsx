import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { emailLog, instrumentLog, member, paged, travelLog } from './fixtures.ts';
import { callsTo, expectFailedRequests, renderAdmin, server, installFakeApi } from './harness.tsx';

installFakeApi();

/** A log as the server answers it: the page asked for, of the member asked for. */
const pageOf =
  <T,>(entries: T[]) =>
  ({ request }: { request: Request }) => {
    const query = new URL(request.url).searchParams;
    expect(query.get('filter[member_id]')).toBe('5');
    const page = Number(query.get('page') ?? 1);
    const perPage = Number(query.get('per_page') ?? 25);
    return HttpResponse.json(paged(entries.slice((page - 1) * perPage, page * perPage), entries.length, perPage, page));
  };

function answerLogs({ emails = [emailLog(1)], instruments = [instrumentLog(7, 30000, 27500)], travel = [travelLog(3)] } = {}) {
  server.use(
    http.get('*/api/member/5', () => HttpResponse.json({ data: member() })),
    http.get('*/api/emails/logs/list', pageOf(emails)),
    http.get('*/api/instrument/logs/list', pageOf(instruments)),
    http.get('*/api/subscription/logs/list', pageOf(travel)),
  );
}

describe('member logs', () => {
  it('shows the header and the message log, and the mail in a sandboxed frame in a modal closed by Escape', async () => {
    answerLogs({
      emails: [
        emailLog(1, { subject: 'Velkommen som medlem!', content: '<p>Hei Ola</p><img src="x" onerror="window.hacked=1"><script>window.hacked=2</script>' }),
      ],
    });
    const user = userEvent.setup();
    renderAdmin('/membership/instrument-insurance/reject/5');
    expect(await screen.findByRole('heading', { level: 1, name: '10189 - Ola Nordmann' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Meldingslogg', 'Instrumentforsikring', 'Reiseforsikring', 'Tilgangslogg']);
    expect(await screen.findByRole('heading', { name: 'MELDINGSLOGG (1)' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['MELDINGSTYPE', 'SENDT DATO', 'TID', 'E-POST', 'UTFØRT AV']);
    const row = screen.getAllByRole('row')[1];
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Velkommen som medlem!', '10-11-2026', '14:03', 'medlem@example.no', 'IB']);
    expect(within(row).getByRole('img', { name: 'Ingrid Berg' })).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Velkommen som medlem!' }));
    const dialog = await screen.findByRole('dialog', { name: 'Velkommen som medlem!' });
    expect(within(dialog).getByText('Medlemsservice')).toBeInTheDocument();
    expect(within(dialog).getByText('post@example.no')).toBeInTheDocument();
    // The mail as the member got it, in a frame where nothing of it can run.
    const frame = within(dialog).getByTitle('E-posten slik medlemmet fikk den');
    const allowed = (frame.getAttribute('sandbox') ?? 'no sandbox').split(' ');
    for (const never of ['allow-scripts', 'allow-forms', 'allow-top-navigation', 'no']) expect(allowed).not.toContain(never);
    const shownMail = new DOMParser().parseFromString(frame.getAttribute('srcdoc') ?? '', 'text/html');
    expect(shownMail.body.textContent).toContain('Hei Ola');
    expect(dialog.querySelector('script')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows an SMS as plain text, so a name with markup in it stays text', async () => {
    answerLogs({
      emails: [
        emailLog(1, {
          channel: 'sms',
          subject: 'Medlemskort',
          email_from: null,
          from_name: null,
          email_to: '+4791234567',
          content: 'Medlemskort for <img src=x id=probe> Nordmann\nMedlemsnummer 10189',
        }),
      ],
    });
    const user = userEvent.setup();
    renderAdmin('/membership/instrument-insurance/reject/5');
    await user.click(await screen.findByRole('button', { name: 'Medlemskort' }));
    const dialog = await screen.findByRole('dialog', { name: 'Medlemskort' });
    expect(within(dialog).getByText(/Medlemskort for <img src=x id=probe> Nordmann/)).toBeInTheDocument();
    expect(dialog.querySelector('#probe')).toBeNull();
    expect(dialog.querySelector('img')).toBeNull();
  });

  it("closes the message modal by X and by 'Lukk' (nothing to cancel in a message that only shows)", async () => {
    answerLogs();
    const user = userEvent.setup();
    renderAdmin('/membership/instrument-insurance/reject/5');
    await user.click(await screen.findByRole('button', { name: 'Melding 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Avbryt' })).toBeNull();
    // The X in the corner first, then the text button at the bottom; both say 'Lukk'.
    await user.click(within(dialog).getAllByRole('button', { name: 'Lukk' })[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Melding 1' }));
    const again = await screen.findByRole('dialog');
    expect(within(again).getAllByRole('button', { name: 'Lukk' })).toHaveLength(2);
    await user.click(within(again).getAllByRole('button', { name: 'Lukk' })[1]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('compares an instrument version with the one before in FELT / FØR / ETTER', async () => {
    answerLogs();
    const user = userEvent.setup();
    renderAdmin('/membership/instrument-insurance/reject/5');
    await user.click(await screen.findByRole('tab', { name: 'Instrumentforsikring' }));
    expect(await screen.findByRole('heading', { name: 'INSTRUMENTFORSIKRING (1)' })).toBeInTheDocument();
    const row = screen.getAllByRole('row')[1];
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['7', '10.11.2026', 'ES']);
    await user.click(within(row).getByRole('button', { name: '7' }));
    const dialog = await screen.findByRole('dialog', { name: 'INSTRUMENTFORSIKRINGS LOGG' });
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['FELT', 'FØR', 'ETTER']);
    expect(within(dialog).getByRole('row', { name: 'VERDI 27 500,- 30 000,-' })).toBeInTheDocument();
    expect(within(dialog).getByRole('row', { name: 'INSTRUMENT Gitar Gitar' })).toBeInTheDocument();
    expect(within(dialog).getByRole('row', { name: 'START DATO 10.11.2026 10.11.2026' })).toBeInTheDocument();
  });

  it('opens the travel log on its own route, with its modal', async () => {
    answerLogs();
    const user = userEvent.setup();
    renderAdmin('/membership/edit/travel-insurance/insurance-logs/5');
    expect(await screen.findByRole('heading', { name: 'REISEFORSIKRINGS (1)' })).toBeInTheDocument();
    const row = screen.getAllByRole('row')[1];
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', 'Reiseforsikring Verden', '31-07-2026', '']);
    const system = within(row).getByRole('img', { name: 'System' });
    expect(system).not.toHaveTextContent('–');
    expect(system.querySelector('svg')).not.toBeNull();
    await user.click(within(row).getByRole('button', { name: '3' }));
    const dialog = await screen.findByRole('dialog', { name: 'REISEFORSIKRING LOGG' });
    expect(within(dialog).getByRole('row', { name: 'VERDI 945,- 945,-' })).toBeInTheDocument();
    expect(within(dialog).getByRole('row', { name: 'FAKTURERT DATO 17-02-2027' })).toBeInTheDocument();
  });

  it('reads a long log from the server 25 entries a page, newest first', async () => {
    answerLogs({ emails: Array.from({ length: 30 }, (_, index) => emailLog(30 - index)) });
    const user = userEvent.setup();
    renderAdmin('/membership/instrument-insurance/reject/5');
    expect(await screen.findByRole('heading', { name: 'MELDINGSLOGG (30)' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('page 1 av 2')).toBeInTheDocument();
    expect(callsTo('/api/emails/logs/list').map((call) => call.query)).toEqual([expect.objectContaining({ page: '1', per_page: '25', sort: '-id' })]);
    await user.click(screen.getByRole('button', { name: 'Neste side' }));
    expect(await screen.findByText('page 2 av 2')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Melding 5' })).toBeInTheDocument();
    expect(callsTo('/api/emails/logs/list').at(-1)?.query).toMatchObject({ page: '2', per_page: '25' });
  });

  it('asks the server for the order of the column clicked', async () => {
    answerLogs({ instruments: [instrumentLog(7, 30000, 27500), instrumentLog(8, 30000, 30000)] });
    const user = userEvent.setup();
    renderAdmin('/membership/edit/instrument-insurance/insurance-logs/5');
    expect(await screen.findByRole('heading', { name: 'INSTRUMENTFORSIKRING (2)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sorter etter UTFØRT AV stigende' }));
    await waitFor(() => expect(callsTo('/api/instrument/logs/list').at(-1)?.query).toMatchObject({ sort: 'by_name' }));
    await user.click(screen.getByRole('tab', { name: 'Meldingslogg' }));
    await user.click(await screen.findByRole('button', { name: 'Sorter etter TID stigende' }));
    await waitFor(() => expect(callsTo('/api/emails/logs/list').at(-1)?.query).toMatchObject({ sort: 'time' }));
  });

  it('shows how a message went out: queued or sent, with its attempts', async () => {
    answerLogs({ emails: [emailLog(1, { status: 'queued', attempts: 0 }), emailLog(2, { status: 'sent', attempts: 2 })] });
    const user = userEvent.setup();
    renderAdmin('/membership/instrument-insurance/reject/5');
    await user.click(await screen.findByRole('button', { name: 'Melding 1' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('I kø')).toBeInTheDocument();
    expect(within(dialog).getByText('Forsøk: 0')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send på nytt' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Melding 2' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Sendt')).toBeInTheDocument();
    expect(within(dialog).getByText('Forsøk: 2')).toBeInTheDocument();
  });

  it('marks a failed message in the list and resends it from its modal', async () => {
    const failed = emailLog(4, { subject: 'Kvittering', status: 'failed', attempts: 5, error: 'SMTP svarte 421' });
    answerLogs({ emails: [failed] });
    server.use(http.post('*/api/emails/logs/4/resend', () => HttpResponse.json({ data: { ...failed, status: 'queued', error: null } }, { status: 202 })));
    const user = userEvent.setup();
    renderAdmin('/membership/instrument-insurance/reject/5');
    const row = (await screen.findAllByRole('row'))[1];
    expect(within(row).getByRole('img', { name: 'Feilet' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['MELDINGSTYPE', 'SENDT DATO', 'TID', 'E-POST', 'UTFØRT AV']);
    await user.click(within(row).getByRole('button', { name: /Kvittering/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Feilet')).toBeInTheDocument();
    expect(within(dialog).getByText('Forsøk: 5')).toBeInTheDocument();
    expect(within(dialog).getByText('Feil: SMTP svarte 421')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send på nytt' }));
    expect(await screen.findByText('Meldingen er lagt i kø på nytt')).toBeInTheDocument();
    expect(within(dialog).getByText('I kø')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send på nytt' })).not.toBeInTheDocument();
    expect(callsTo('/api/emails/logs/4/resend', 'POST')).toHaveLength(1);
  });

  it("shows the server's reason when a message cannot be resent", async () => {
    expectFailedRequests();
    answerLogs({ emails: [emailLog(4, { status: 'failed', attempts: 5, error: 'Tidsavbrudd' })] });
    server.use(http.post('*/api/emails/logs/4/resend', () => HttpResponse.json({ message: 'Meldingen kan ikke sendes på nytt.' }, { status: 409 })));
    const user = userEvent.setup();
    renderAdmin('/membership/instrument-insurance/reject/5');
    await user.click(await screen.findByRole('button', { name: /Melding 4/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send på nytt' }));
    expect(await screen.findByText('Meldingen kan ikke sendes på nytt.')).toBeInTheDocument();
  });

  it('shows the empty state of a log', async () => {
    answerLogs({ emails: [] });
    renderAdmin('/membership/instrument-insurance/reject/5');
    expect(await screen.findByRole('heading', { name: 'MELDINGSLOGG (0)' })).toBeInTheDocument();
    expect(await screen.findByText('Ingen oppføringer')).toBeInTheDocument();
  });

  it('shows an error when a log cannot be read', async () => {
    expectFailedRequests();
    answerLogs();
    server.use(http.get('*/api/emails/logs/list', () => HttpResponse.json({ message: 'Feil' }, { status: 500 })));
    renderAdmin('/membership/instrument-insurance/reject/5');
    expect(await screen.findByText('Noe gikk galt!')).toBeInTheDocument();
  });
});
