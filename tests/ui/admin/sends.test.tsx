/**
 * 'Utsendelser': the list of sends, writing a new one (the group with its count, the kind, the
 * channel, the text with placeholders, the SMS counter) with the server's refusals kept at their
 * fields, the kinds by the names staff gave them, a send that is not there, and a case worker
 * without 'outreach.send' who has no such area.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Outreach, OutreachBody } from '../../../src/dataProvider/index.ts';
import { paged } from './fixtures.ts';
import { callsTo, expectFailedRequests, installFakeApi, renderAdmin, server, withRights } from './harness.tsx';
import { GROUP, outreach, preview } from './send-fixtures.ts';
import { withEditorLayout } from './editor-layout.ts';

installFakeApi();

withEditorLayout();

/** An area's module is loaded on its first visit, which takes a while under a cold transform. */
const LAZY = { timeout: 20_000 };
const location = () => screen.getByTestId('location').textContent;

/** The body's editor, which loads when its stand-in is first clicked, and has the focus when it comes. */
async function openEditor(user: ReturnType<typeof userEvent.setup>): Promise<HTMLElement> {
  await user.click(screen.getByRole('textbox', { name: 'Innhold i e-posten' }));
  const editor = await waitFor(() => {
    const found = screen.getByRole('textbox', { name: 'Innhold i e-posten' });
    expect(found).toHaveAttribute('contenteditable', 'true');
    return found;
  }, LAZY);
  await waitFor(() => expect(editor).toHaveFocus());
  return editor;
}

/** The gateway's count, roughly: GSM-7 fits 160 characters in a part (153 when split), UCS-2 70 (67). */
function smsParts(text: string) {
  const gsm = /^[\x20-\x7eæøåÆØÅ\n]*$/.test(text);
  const single = gsm ? 160 : 70;
  const split = gsm ? 153 : 67;
  const characters = text.length;
  return { characters, parts: characters <= single ? 1 : Math.ceil(characters / split), encoding: gsm ? 'GSM-7' : 'UCS-2' };
}

function answerSends(sends: Outreach[] = []) {
  server.use(
    http.get('*/api/outreach', () => HttpResponse.json({ data: sends })),
    http.get('*/api/member/list', () => HttpResponse.json(paged([]))),
    http.get('*/api/segment', () => HttpResponse.json({ data: [GROUP, { ...GROUP, id: 4, name: 'Alle aktive', count: 5210 }] })),
    http.post('*/api/outreach/sms-parts', async ({ request }) => {
      const { text } = (await request.json()) as { text: string };
      return HttpResponse.json({ data: smsParts(text) });
    }),
  );
}

/** A new send's form for the group named, with the subject typed; saving answers with send 12. */
async function newDraftFor(group: string, subject: string) {
  answerSends();
  server.use(
    http.post('*/api/outreach', async ({ request }) =>
      HttpResponse.json({ data: outreach({ id: 12, ...((await request.json()) as OutreachBody) }) }, { status: 201 }),
    ),
    http.get('*/api/outreach/12', () => HttpResponse.json({ data: outreach({ id: 12 }) })),
    http.get('*/api/outreach/12/preview', () => HttpResponse.json({ data: preview() })),
  );
  const user = userEvent.setup();
  renderAdmin('/sends/create');
  await user.click(await screen.findByRole('combobox', { name: /Utvalg/ }, LAZY));
  await user.click(await screen.findByRole('option', { name: new RegExp(group) }));
  await user.type(screen.getByRole('textbox', { name: /Emne/ }), subject);
  return user;
}

const smsBodies = () => callsTo('/api/outreach/sms-parts', 'POST').map((call) => (call.body as { text: string }).text);

describe('the list of sends', () => {
  it('shows each send with its group, kind, channel, state in Norwegian and counts, newest first as the server gives them', async () => {
    answerSends([
      outreach({
        id: 9,
        subject: 'Tilbud på strenger',
        kind: 'newsletter_3',
        kind_label: 'Rabatter hos partnere',
        channel: 'sms',
        state: 'sending',
        recipient_count: 1234,
        sent: 1200,
        failed: 3,
        started_at: '2026-11-28T09:30:00Z',
      }),
      outreach({
        id: 8,
        subject: 'Nytt fra kontoret',
        kind: 'newsletter_2',
        kind_label: 'Nyheter fra organisasjonen',
        channel: 'email',
        state: 'paused',
        recipient_count: 40,
        sent: 10,
        failed: 0,
        started_at: '2026-11-27T09:30:00Z',
      }),
      outreach({ id: 7, state: 'draft' }),
      outreach({
        id: 6,
        subject: 'Gammel',
        segment_id: null,
        segment_name: null,
        state: 'done',
        recipient_count: 2,
        sent: 2,
        failed: 0,
        started_at: '2026-10-01T08:00:00Z',
        finished_at: '2026-10-01T08:01:00Z',
      }),
    ]);
    renderAdmin('/sends');
    expect(await screen.findByRole('heading', { level: 1, name: 'Utsendelser' }, LAZY)).toBeInTheDocument();
    const rows = await screen.findAllByRole('row');
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['EMNE', 'UTVALG', 'TYPE', 'KANAL', 'STATUS', 'MOTTAKERE / SENDT / FEILET', 'DATO']);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Tilbud på strenger',
      'Oslo med instrumentforsikring',
      'Rabatter hos partnere',
      'SMS',
      'Sender',
      '1\u00a0234 / 1\u00a0200 / 3',
      '28-11-2026 10:30',
    ]);
    expect(within(rows[2]).getByText('Satt på pause')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Nyheter fra organisasjonen')).toBeInTheDocument();
    expect(
      within(rows[3])
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(2, 6),
    ).toEqual(['Nødvendig informasjon', 'E-post, og SMS til dem uten e-postadresse', 'Utkast', '– / 0 / 0']);
    expect(within(rows[4]).getByText('(slettet utvalg)')).toBeInTheDocument();
    expect(within(rows[4]).getByText('Sendt')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('link', { name: 'Tilbud på strenger' })).toHaveAttribute('href', '/sends/9');
    expect(screen.getByRole('link', { name: 'Ny utsendelse' })).toHaveAttribute('href', '/sends/create');
    expect(within(screen.getByRole('navigation', { name: 'Hovedmeny' })).getByRole('link', { name: 'Utsendelser' })).toBeInTheDocument();
  });
});

describe('writing a send', () => {
  it('keeps what was typed when the server refuses it, shows each reason at its field, and opens the saved draft', async () => {
    answerSends();
    let refuse = true;
    server.use(
      http.post('*/api/outreach', async ({ request }) => {
        const body = (await request.json()) as OutreachBody;
        if (refuse) {
          refuse = false;
          return HttpResponse.json(
            {
              message: 'Utsendelsen kan ikke lagres',
              errors: { subject: ['Ukjent flettefelt: {fornavn}'], sms_text: ['Ukjent flettefelt: {fornavn}'] },
            },
            { status: 422 },
          );
        }
        return HttpResponse.json({ data: outreach({ id: 12, ...body, kind_label: 'Nyheter fra organisasjonen' }) }, { status: 201 });
      }),
      http.get('*/api/outreach/12', () => HttpResponse.json({ data: outreach({ id: 12, kind: 'newsletter_2', kind_label: 'Nyheter fra organisasjonen' }) })),
      http.get('*/api/outreach/12/preview', () => HttpResponse.json({ data: preview() })),
    );
    expectFailedRequests();
    const user = userEvent.setup();
    renderAdmin('/sends/create');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ny utsendelse' }, LAZY)).toBeInTheDocument();

    await user.click(await screen.findByRole('combobox', { name: /Utvalg/ }));
    await user.click(await screen.findByRole('option', { name: 'Oslo med instrumentforsikring (1\u00a0234)' }));
    expect(await screen.findByText('1 234 medlemmer i utvalget nå')).toBeInTheDocument();

    // The required kind is chosen at first, with what it is for; an optional kind has no such note.
    expect(screen.getByRole('radio', { name: 'Nødvendig informasjon' })).toBeChecked();
    expect(screen.getByText(/Bare for meldinger organisasjonen må sende/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Nyheter fra organisasjonen' }));
    expect(screen.queryByText(/Bare for meldinger organisasjonen må sende/)).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Tilbud fra samarbeidspartnere' })).not.toBeChecked();

    // E-mail at first: no SMS text until the channel has SMS.
    expect(screen.queryByRole('textbox', { name: /SMS-tekst/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'E-post, og SMS til dem uten e-postadresse' }));
    await user.type(screen.getByRole('textbox', { name: /Emne/ }), 'Årsmøte for {{fornavn}');
    const editor = await openEditor(user);
    await user.click(within(screen.getByRole('group', { name: 'Sett inn' })).getByRole('button', { name: 'Fornavn {first_name}' }));
    await waitFor(() => expect(editor).toHaveTextContent('{first_name}'));
    await user.type(screen.getByRole('textbox', { name: /SMS-tekst/ }), 'Hei {{fornavn}');

    await user.click(screen.getByRole('button', { name: 'Lagre utkast' }));
    expect(await screen.findAllByText('Ukjent flettefelt: {fornavn}')).toHaveLength(2);
    expect(screen.getByText('Noe i skjemaet må rettes. Se feltene som er merket.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Emne/ })).toHaveValue('Årsmøte for {fornavn}');
    expect(screen.getByRole('textbox', { name: /SMS-tekst/ })).toHaveValue('Hei {fornavn}');
    expect(editor).toHaveTextContent('{first_name}');
    expect(screen.getByRole('radio', { name: 'Nyheter fra organisasjonen' })).toBeChecked();
    expect(location()).toBe('/sends/create');
    await user.click(screen.getByRole('button', { name: 'Lukk melding' }));

    const subject = screen.getByRole('textbox', { name: /Emne/ });
    await user.clear(subject);
    await user.type(subject, 'Årsmøte for {{first_name}');
    const sms = screen.getByRole('textbox', { name: /SMS-tekst/ });
    await user.clear(sms);
    await user.type(sms, 'Hei {{first_name}');
    await user.click(screen.getByRole('button', { name: 'Lagre utkast' }));
    await waitFor(() => expect(location()).toBe('/sends/12'));
    const saved = callsTo('/api/outreach', 'POST');
    expect(saved).toHaveLength(2);
    expect(saved[1].body).toEqual({
      segment_id: 3,
      kind: 'newsletter_2',
      channel: 'email_sms',
      subject: 'Årsmøte for {first_name}',
      body: expect.stringContaining('{first_name}') as unknown,
      sms_text: 'Hei {first_name}',
      send_at: null,
    });
    expect(await screen.findByText('Utkastet er lagret')).toBeInTheDocument();
  });

  it('keeps the editor, its text and its focus while the fields around it change', async () => {
    const user = await newDraftFor('Alle aktive', 'Sommerkonsert');
    const editor = await openEditor(user);
    const insert = () => within(screen.getByRole('group', { name: 'Sett inn' }));
    await user.click(insert().getByRole('button', { name: 'Fornavn {first_name}' }));
    await waitFor(() => expect(editor).toHaveFocus());
    // Another field changing draws the form again: the editor stays the same, with its text.
    await user.click(screen.getByRole('radio', { name: 'E-post, og SMS til dem uten e-postadresse' }));
    expect(screen.getByRole('textbox', { name: 'Innhold i e-posten' })).toBe(editor);
    await user.click(insert().getByRole('button', { name: 'Etternavn {last_name}' }));
    await waitFor(() => expect(editor).toHaveFocus());
    expect(editor).toHaveTextContent('{first_name}{last_name}');
    await user.type(screen.getByRole('textbox', { name: /SMS-tekst/ }), 'Velkommen');
    await user.click(screen.getByRole('button', { name: 'Lagre utkast' }));
    await waitFor(() => expect(callsTo('/api/outreach', 'POST')).toHaveLength(1));
    expect(callsTo('/api/outreach', 'POST')[0].body).toMatchObject({ body: '<p>{first_name}{last_name}</p>' });
  });

  it('schedules a send for a time typed as dd/mm/åååå tt:mm, refusing a time already past', async () => {
    const user = await newDraftFor('Alle aktive', 'Seminar i januar');
    await openEditor(user);
    await user.click(within(screen.getByRole('group', { name: 'Sett inn' })).getByRole('button', { name: 'Fornavn {first_name}' }));
    expect(screen.getByRole('radio', { name: 'Send nå' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Planlegg tidspunkt' }));
    const when = await screen.findByRole('textbox', { name: /Sendetidspunkt/ }, LAZY);
    await user.click(when);
    await user.keyboard('{Home}010120200900');
    expect(when).toHaveValue('01/01/2020 09:00');
    expect(await screen.findByText('Tidspunktet kan ikke være tilbake i tid')).toBeInTheDocument();

    const year = new Date().getFullYear() + 1;
    // Back from the minutes to the day, section by section, and the new time over the old.
    await user.keyboard(`{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}1501${year}0930`);
    expect(when).toHaveValue(`15/01/${year} 09:30`);
    await waitFor(() => expect(screen.queryByText('Tidspunktet kan ikke være tilbake i tid')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Lagre utkast' }));
    await waitFor(() => expect(callsTo('/api/outreach', 'POST')).toHaveLength(1));
    expect(callsTo('/api/outreach', 'POST')[0].body).toMatchObject({
      segment_id: 4,
      kind: 'required',
      channel: 'email',
      subject: 'Seminar i januar',
      sms_text: null,
      send_at: new Date(year, 0, 15, 9, 30).toISOString(),
    });
  });

  it('counts the SMS text in characters and parts once typing pauses, GSM-7 with æøå and UCS-2 with an emoji', async () => {
    answerSends();
    const user = userEvent.setup();
    renderAdmin('/sends/create');
    await user.click(await screen.findByRole('radio', { name: 'SMS' }, LAZY));
    const sms = screen.getByRole('textbox', { name: /SMS-tekst/ });
    await user.type(sms, 'Hei på deg, årsmøtet er i morgen');
    expect(await screen.findByText('32 tegn · 1 SMS-del (GSM-7)')).toBeInTheDocument();
    // Typed quickly, the text is counted once, not letter by letter.
    expect(smsBodies()).toEqual(['Hei på deg, årsmøtet er i morgen']);
    // The counter is what the field is described by, so a screen reader hears it with the field.
    expect(sms).toHaveAccessibleDescription('Flettefelt i SMS-en: {first_name}, {last_name} 32 tegn · 1 SMS-del (GSM-7)');

    await user.type(sms, ' 🎻');
    expect(await screen.findByText('35 tegn · 1 SMS-del (UCS-2)')).toBeInTheDocument();
    await user.type(sms, ' Ta med instrumentet ditt og noter til alle stemmene, vi øver på det nye stykket før møtet starter.');
    expect(await screen.findByText('134 tegn · 2 SMS-deler (UCS-2)')).toBeInTheDocument();
  });
});

describe('the names staff gave the kinds', () => {
  // Renamed under Innstillinger → Meldingstyper.
  const renamed = () =>
    server.use(
      http.get('*/api/consent-kinds', () =>
        HttpResponse.json({
          data: [
            { kind: 'newsletter_2', label_nb: 'Medlemsnytt', label_en: 'Member news' },
            { kind: 'newsletter_3', label_nb: 'Rabatter hos partnere', label_en: 'Partner discounts' },
          ],
        }),
      ),
    );

  it('are the choices of a new send', async () => {
    renamed();
    answerSends();
    renderAdmin('/sends/create');
    expect(await screen.findByRole('radio', { name: 'Medlemsnytt' }, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Rabatter hos partnere' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Nødvendig informasjon' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Nyheter fra organisasjonen' })).not.toBeInTheDocument();
  });

  it("name the kind in a send's summary, beside its state and the way back to the list", async () => {
    renamed();
    answerSends();
    server.use(
      http.get('*/api/outreach/9', () =>
        HttpResponse.json({
          data: outreach({
            id: 9,
            subject: 'Tilbud på strenger',
            kind: 'newsletter_3',
            kind_label: 'Rabatter hos partnere',
            state: 'done',
            recipient_count: 0,
            started_at: '2026-11-28T09:00:00Z',
            finished_at: '2026-11-28T09:30:00Z',
          }),
        }),
      ),
      http.get('*/api/outreach/9/report', () =>
        HttpResponse.json({ data: { recipients: 0, queued: 0, sent: 0, failed: 0, skipped: 0, unsubscribed: 0, failures: [] } }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/sends/9');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Tilbud på strenger' }, LAZY);
    expect(within(heading.parentElement!).getByText('Sendt')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Utsendelsen' });
    await waitFor(() => expect(within(summary).getByText('Type').nextElementSibling).toHaveTextContent('Rabatter hos partnere'));
    await user.click(screen.getByRole('button', { name: 'Gå tilbake' }));
    await waitFor(() => expect(location()).toBe('/sends'));
  });
});

describe('a send that is not there', () => {
  it('says it was not found and leads back to the list', async () => {
    server.use(http.get('*/api/outreach/99', () => HttpResponse.json({ message: 'Fant ikke utsendelsen' }, { status: 404 })));
    answerSends();
    expectFailedRequests();
    const user = userEvent.setup();
    renderAdmin('/sends/99');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fant ikke utsendelsen' }, LAZY)).toBeInTheDocument();
    expect(screen.getByText(/Utsendelsen finnes ikke, eller lenken er feil/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Gå tilbake' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Utsendelser' }, LAZY)).toBeInTheDocument();
    expect(location()).toBe('/sends');
  });
});

describe('without the right to send', () => {
  it("a case worker has no 'Utsendelser' in the menu, and the page typed in says what is missing", async () => {
    answerSends([outreach()]);
    withRights(['members.read', 'members.change', 'requests.decide', 'cards.send', 'logs.read']);
    renderAdmin('/sends');
    expect(await screen.findByRole('heading', { name: 'Du har ikke tilgang' }, LAZY)).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Hovedmeny' });
    await within(menu).findByRole('link', { name: 'Medlemsoversikt' });
    expect(within(menu).queryByRole('link', { name: 'Utsendelser' })).toBeNull();
    expect(callsTo('/api/outreach')).toHaveLength(0);
  });
});
