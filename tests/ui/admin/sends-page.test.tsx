/**
 * One send's page: the preview as a member gets it with who is left out and why, the test to
 * oneself, 'Send' confirmed with the count (asked again with the new count when the group has
 * changed), the buttons each state allows, the report with its failures and their spreadsheet,
 * and the link from a member's message log to the send.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Outreach, OutreachReport } from '../../../src/dataProvider/index.ts';
import { emailLog, listItem, member, paged } from './fixtures.ts';
import { callsTo, expectFailedRequests, installFakeApi, renderAdmin, server, withRights } from './harness.tsx';
import { GROUP, outreach, preview, report } from './send-fixtures.ts';
import { withEditorLayout } from './editor-layout.ts';

installFakeApi();

withEditorLayout();

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
let saved: string[] = [];
const click = HTMLAnchorElement.prototype.click;
beforeEach(() => {
  saved = [];
  HTMLAnchorElement.prototype.click = function save(this: HTMLAnchorElement) {
    // Only the downloads are kept; a link followed in the app is not a file.
    if (this.download) saved.push(this.download);
    else click.call(this);
  };
  URL.createObjectURL = () => 'blob:fil';
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  HTMLAnchorElement.prototype.click = click;
});

const LAZY = { timeout: 20_000 };

/** The send as the fake server holds it: each action changes it as the server would. */
function answerSend(start: Outreach, { reports = [report()] }: { reports?: OutreachReport[] } = {}) {
  let current = start;
  let reportsRead = 0;
  const set = (changes: Partial<Outreach>) => {
    current = { ...current, ...changes };
    return HttpResponse.json({ data: current });
  };
  server.use(
    http.get('*/api/segment', () => HttpResponse.json({ data: [GROUP] })),
    http.get('*/api/member/list', () =>
      HttpResponse.json(paged([listItem(11, { first_name: 'Ingrid', last_name: 'Berg' }), listItem(21, { first_name: 'Per', last_name: 'Lund' })])),
    ),
    http.post('*/api/outreach/sms-parts', async ({ request }) => {
      const { text } = (await request.json()) as { text: string };
      return HttpResponse.json({ data: { characters: text.length, parts: 1, encoding: 'GSM-7' } });
    }),
    // The member chosen in the preview's picker, read as the picker shows it.
    http.get('*/api/member/21', () => HttpResponse.json({ data: { ...member(), id: 21, first_name: 'Per', last_name: 'Lund', remote_id: 10021 } })),
    http.get('*/api/outreach', () => HttpResponse.json({ data: [current] })),
    http.get('*/api/outreach/7', () => HttpResponse.json({ data: current })),
    http.get('*/api/outreach/7/preview', ({ request }) => {
      const memberId = new URL(request.url).searchParams.get('member_id');
      return HttpResponse.json({
        data:
          memberId === '21'
            ? preview({ member: { id: 21, name: 'Per Lund' }, subject: 'Innkalling til årsmøte', body: '<p>Hei Per</p>', sms_text: 'Hei Per' })
            : preview(),
      });
    }),
    http.get('*/api/outreach/7/report', () => {
      const answer = reports[Math.min(reportsRead, reports.length - 1)];
      reportsRead += 1;
      return HttpResponse.json({ data: answer });
    }),
    http.post('*/api/outreach/7/test', () => HttpResponse.json({ data: { message: 'Testen er sendt til ingrid.berg@example.no og +47 912 34 567' } })),
    http.post('*/api/outreach/7/pause', () => set({ state: 'paused' })),
    http.post('*/api/outreach/7/resume', () => set({ state: 'sending' })),
    http.post('*/api/outreach/7/cancel', () => set({ state: 'cancelled', finished_at: '2026-11-28T10:00:00Z' })),
  );
  return { sendWith: (changes: Partial<Outreach>) => set(changes) };
}

const region = (name: string) => screen.findByRole('region', { name }, LAZY);

describe('a draft’s preview', () => {
  it('shows how many it reaches, who is left out by reason, and the mail and SMS as a member gets them, with nothing in it that runs', async () => {
    answerSend(outreach());
    const user = userEvent.setup();
    renderAdmin('/sends/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Innkalling til årsmøte' }, LAZY)).toBeInTheDocument();
    expect(screen.getByText('Utkast')).toBeInTheDocument();
    const shown = await region('Forhåndsvisning');
    expect(await within(shown).findByText('1 234 mottakere')).toBeInTheDocument();
    const excluded = within(shown).getByRole('heading', { name: 'Holdes utenfor' }).nextElementSibling!;
    expect([...excluded.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`)).toEqual([
      'Slettet: 2',
      'Sperret: 1',
      'Uten samtykke: 40',
      'Uten adresse: 5',
    ]);
    expect(within(shown).getByText('Slik Ingrid Berg får den')).toBeInTheDocument();
    expect(within(shown).getByText('Emne: Innkalling til årsmøte')).toBeInTheDocument();
    // The mail as the member gets it, footer and all, in a frame where nothing of it can run.
    const mail = within(shown).getByRole('region', { name: 'E-posten slik medlemmet får den' });
    const frame = within(mail).getByTitle('E-posten slik medlemmet får den');
    const allowed = (frame.getAttribute('sandbox') ?? 'no sandbox').split(' ');
    for (const never of ['allow-scripts', 'allow-forms', 'allow-top-navigation', 'no']) expect(allowed).not.toContain(never);
    const shownMail = new DOMParser().parseFromString(frame.getAttribute('srcdoc') ?? '', 'text/html');
    expect(shownMail.body.textContent).toContain('Hei Ingrid, velkommen til årsmøtet.');
    expect(shownMail.querySelector('a')?.getAttribute('href')).toBe('https://portal.example/unsubscribe/abc');
    expect(shownMail.querySelector('base')?.getAttribute('target')).toBe('_blank');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    expect(within(shown).getByTestId('preview-sms')).toHaveTextContent('Hei Ingrid, se e-posten om årsmøtet. Stopp: https://portal.example/u/abc');
    // The form beside it holds the draft as saved.
    expect(screen.getByRole('textbox', { name: /Emne/ })).toHaveValue('Innkalling til årsmøte');

    // The picker comes when asked for, with the keyboard in it.
    await user.click(within(shown).getByRole('button', { name: 'Vis som et annet medlem' }));
    const picker = await within(shown).findByRole('combobox', { name: 'Vis som medlem' }, LAZY);
    expect(picker).toHaveFocus();
    await user.keyboard('Per');
    await user.click(await screen.findByRole('option', { name: /Per Lund/ }));
    expect(await within(shown).findByText('Slik Per Lund får den')).toBeInTheDocument();
    expect(callsTo('/api/outreach/7/preview').map((call) => call.query.member_id)).toContain('21');
    expect(within(shown).getByTestId('preview-sms')).toHaveTextContent('Hei Per');
  });

  it('sends a test to the signed-in user and says where it went', async () => {
    answerSend(outreach());
    const user = userEvent.setup();
    renderAdmin('/sends/7');
    await region('Forhåndsvisning');
    await user.click(screen.getByRole('button', { name: 'Send test til meg' }));
    expect(await screen.findByText('Testen er sendt til ingrid.berg@example.no og +47 912 34 567')).toBeInTheDocument();
    expect(callsTo('/api/outreach/7/test', 'POST')).toHaveLength(1);
    expect(callsTo('/api/outreach/7/send', 'POST')).toHaveLength(0);
  });
});

describe('a draft changed on screen', () => {
  it('is saved before it can be sent or tested, and the preview is made again from what was saved', async () => {
    answerSend(outreach());
    server.use(
      http.patch('*/api/outreach/7', async ({ request }) =>
        HttpResponse.json({ data: outreach({ ...((await request.json()) as Partial<Outreach>), updated_at: '2026-11-25T10:00:00Z' }) }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/sends/7');
    await within(await region('Forhåndsvisning')).findByText('1 234 mottakere');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeEnabled();
    await user.type(screen.getByRole('textbox', { name: /Emne/ }), ' 2027');
    expect(await screen.findByText(/Lagre endringene før du sender eller tester/)).toBeInTheDocument();
    expect(send).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send test til meg' })).toBeDisabled();
    const previews = callsTo('/api/outreach/7/preview').length;

    await user.click(screen.getByRole('button', { name: 'Lagre utkast' }));
    expect(await screen.findByText('Utkastet er endret')).toBeInTheDocument();
    expect(callsTo('/api/outreach/7', 'PATCH')[0].body).toMatchObject({ subject: 'Innkalling til årsmøte 2027' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    expect(screen.queryByText(/Lagre endringene før du sender eller tester/)).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo('/api/outreach/7/preview').length).toBeGreaterThan(previews));
  });
});

describe('sending', () => {
  it('asks to confirm the count, asks again with the new count when the group has changed, and then shows the send running', async () => {
    const { sendWith } = answerSend(outreach());
    let answered = 0;
    server.use(
      http.post('*/api/outreach/7/send', async ({ request }) => {
        const { confirm_count: count } = (await request.json()) as { confirm_count: number };
        answered += 1;
        if (count !== 1240) return HttpResponse.json({ message: 'Utvalget har endret seg: det er nå 1 240 mottakere.', count: 1240 }, { status: 409 });
        return sendWith({ state: 'sending', recipient_count: 1240, started_at: '2026-11-28T09:30:00Z' });
      }),
    );
    expectFailedRequests();
    const user = userEvent.setup();
    renderAdmin('/sends/7');
    await within(await region('Forhåndsvisning')).findByText('1 234 mottakere');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send utsendelsen' });
    expect(within(dialog).getByText('Sende til 1 234 mottakere?')).toBeInTheDocument();
    // Nothing goes until it is confirmed.
    expect(callsTo('/api/outreach/7/send', 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, send' }));

    expect(await within(dialog).findByText('Utvalget har endret seg: det er nå 1 240 mottakere.')).toBeInTheDocument();
    expect(within(dialog).getByText('Sende til 1 240 mottakere?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ja, send' }));
    await waitFor(() => expect(answered).toBe(2));
    expect(callsTo('/api/outreach/7/send', 'POST').map((call) => call.body)).toEqual([{ confirm_count: 1234 }, { confirm_count: 1240 }]);
    expect(await screen.findByText('Utsendelsen er startet')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send utsendelsen' })).not.toBeInTheDocument());
    expect(await screen.findByText('Sender')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sett på pause' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    expect(await region('Rapport')).toBeInTheDocument();
  });

  it('lets staff close the confirmation without sending', async () => {
    answerSend(outreach());
    const user = userEvent.setup();
    renderAdmin('/sends/7');
    await within(await region('Forhåndsvisning')).findByText('1 234 mottakere');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send utsendelsen' });
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('/api/outreach/7/send', 'POST')).toHaveLength(0);
  });
});

describe('the buttons by state', () => {
  const buttons = () =>
    within(screen.getByRole('group', { name: 'Utsendelsen' }))
      .getAllByRole('button')
      .map((button) => button.textContent);

  it('a running send can be paused, then resumed, and cancelled once confirmed', async () => {
    answerSend(outreach({ state: 'sending', recipient_count: 1234, sent: 100, started_at: '2026-11-28T09:30:00Z' }));
    const user = userEvent.setup();
    renderAdmin('/sends/7');
    await region('Rapport');
    expect(buttons()).toEqual(['Sett på pause', 'Avbryt utsendelsen']);

    await user.click(screen.getByRole('button', { name: 'Sett på pause' }));
    expect(await screen.findByText('Utsendelsen er satt på pause')).toBeInTheDocument();
    await waitFor(() => expect(buttons()).toEqual(['Fortsett', 'Avbryt utsendelsen']));
    expect(screen.getByText('Satt på pause')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Avbryt utsendelsen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Avbryt utsendelsen' });
    expect(within(dialog).getByText(/Ingen flere meldinger sendes/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Nei, behold' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('/api/outreach/7/cancel', 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Fortsett' }));
    await waitFor(() => expect(buttons()).toEqual(['Sett på pause', 'Avbryt utsendelsen']));
    await user.click(screen.getByRole('button', { name: 'Avbryt utsendelsen' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Avbryt utsendelsen' })).getByRole('button', { name: 'Ja, avbryt' }));
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Utsendelsen' })).queryAllByRole('button')).toEqual([]));
    expect(screen.getByText('Avbrutt', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(['pause', 'resume', 'cancel'].map((action) => callsTo(`/api/outreach/7/${action}`, 'POST').length)).toEqual([1, 1, 1]);
  });

  it('a scheduled send can be tested and cancelled, and its text is no longer a form', async () => {
    answerSend(outreach({ state: 'scheduled', send_at: '2027-01-10T08:00:00Z' }));
    renderAdmin('/sends/7');
    expect(await screen.findByText('Planlagt', {}, LAZY)).toBeInTheDocument();
    expect(screen.getByText('10-01-2027 09:00')).toBeInTheDocument();
    expect(buttons()).toEqual(['Send test til meg', 'Avbryt utsendelsen']);
    expect(screen.queryByRole('textbox', { name: /Emne/ })).not.toBeInTheDocument();
  });

  it('a done send has no buttons', async () => {
    answerSend(
      outreach({ state: 'done', recipient_count: 1234, sent: 1220, failed: 2, started_at: '2026-11-28T09:30:00Z', finished_at: '2026-11-28T10:30:00Z' }),
    );
    renderAdmin('/sends/7');
    await region('Rapport');
    expect(screen.getByText('Sendt', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Utsendelsen' })).queryAllByRole('button')).toEqual([]);
  });
});

describe('the report', () => {
  it('shows the counts and each failure with its reason, and saves the failures as a spreadsheet', async () => {
    answerSend(
      outreach({ state: 'done', recipient_count: 1234, sent: 1220, failed: 2, started_at: '2026-11-28T09:30:00Z', finished_at: '2026-11-28T10:30:00Z' }),
    );
    server.use(http.get('*/api/outreach/7/report/export', () => new HttpResponse('PK', { headers: { 'content-type': XLSX } })));
    const user = userEvent.setup();
    renderAdmin('/sends/7');
    const shown = await region('Rapport');
    await within(shown).findByText('Mottakere');
    expect([...shown.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`)).toEqual([
      'Mottakere: 1\u00a0234',
      'Sendt: 1\u00a0220',
      'Feilet: 2',
      'Hoppet over: 12',
      'Avmeldt: 3',
    ]);
    const table = within(shown).getByRole('table', { name: 'Meldinger som feilet' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Navn', 'Kanal', 'Adresse', 'Årsak']);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Per Lund', 'E-post', 'per@example.no', '550 5.1.1 Mailbox unavailable']);
    expect(
      within(rows[2])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Kari Dahl', 'SMS', '+4791234567', 'Ugyldig nummer']);

    await user.click(within(shown).getByRole('button', { name: 'Last ned feil (XLSX)' }));
    await waitFor(() => expect(saved).toEqual(['utsendelse-7-feil.xlsx']));
    expect(callsTo('/api/outreach/7/report/export')).toHaveLength(1);
  });

  it('is read again while the send runs', { timeout: 30_000 }, async () => {
    answerSend(outreach({ state: 'sending', recipient_count: 1234, sent: 10, started_at: '2026-11-28T09:30:00Z' }), {
      reports: [report({ sent: 10, queued: 1224, failures: [] }), report({ sent: 640, queued: 594, failures: [] })],
    });
    renderAdmin('/sends/7');
    const shown = await region('Rapport');
    expect(within(shown).getByText('Oppdateres mens den sender')).toBeInTheDocument();
    await waitFor(() => expect(within(shown).getByTestId('report-sent')).toHaveTextContent('10'));
    expect(within(shown).getByText('Ingen meldinger har feilet.')).toBeInTheDocument();
    await waitFor(() => expect(within(shown).getByTestId('report-sent')).toHaveTextContent('640'), { timeout: 15_000 });
  });
});

describe("the member's message log", () => {
  function answerLog() {
    server.use(
      http.get('*/api/member/5', () => HttpResponse.json({ data: member() })),
      http.get('*/api/emails/logs/list', () =>
        HttpResponse.json(
          paged([{ ...emailLog(2, { subject: 'Innkalling til årsmøte' }), outreach_id: 7 }, emailLog(1, { subject: 'Velkommen som medlem!' })], 2, 100),
        ),
      ),
      http.get('*/api/instrument/logs/list', () => HttpResponse.json(paged([], 0, 100))),
      http.get('*/api/subscription/logs/list', () => HttpResponse.json(paged([], 0, 100))),
    );
  }

  it("links a send's message to the send", async () => {
    answerLog();
    answerSend(outreach({ state: 'done', recipient_count: 1234, started_at: '2026-11-28T09:30:00Z' }));
    const user = userEvent.setup();
    renderAdmin('/membership/instrument-insurance/reject/5');
    expect(await screen.findByRole('heading', { name: 'MELDINGSLOGG (2)' }, LAZY)).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    expect(within(rows[0]).getAllByRole('columnheader').at(-1)).toHaveTextContent('UTSENDELSE');
    const link = within(rows[1]).getByRole('link', { name: 'Utsendelse' });
    expect(link).toHaveAttribute('href', '/sends/7');
    expect(within(rows[2]).queryByRole('link', { name: 'Utsendelse' })).toBeNull();
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Innkalling til årsmøte' }, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows no link to a staff user who may not open the sends', async () => {
    answerLog();
    withRights(['members.read', 'members.change', 'requests.decide', 'cards.send', 'logs.read']);
    renderAdmin('/membership/instrument-insurance/reject/5');
    expect(await screen.findByRole('heading', { name: 'MELDINGSLOGG (2)' }, LAZY)).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['MELDINGSTYPE', 'SENDT DATO', 'TID', 'E-POST', 'UTFØRT AV']);
    expect(screen.queryByRole('link', { name: 'Utsendelse' })).toBeNull();
  });
});
