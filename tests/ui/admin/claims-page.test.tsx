/**
 * One claim's page: everything the claim holds (the register's snapshot), its documents as
 * thumbnails that download, the packet in both languages, and the state change: the PATCH it sends,
 * the note shown in the history, a refusal in the server's words, and no change for staff without
 * 'requests.decide'.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RIGHT_NAMES } from '../../../server/domain/staff/rights.ts';
import type { Claim, ClaimPatch } from '../../../src/dataProvider/index.ts';
import { claim, JPEG_BYTES } from './claim-fixtures.ts';
import { callsTo, expectFailedRequests, installFakeApi, renderAdmin, server, withRights } from './harness.tsx';

installFakeApi();

const SLOW = { timeout: 25_000 };
const HEADING = { level: 1, name: 'Skademelding – sak 7' } as const;

let saved: string[] = [];
const click = HTMLAnchorElement.prototype.click;
beforeEach(() => {
  saved = [];
  HTMLAnchorElement.prototype.click = function save(this: HTMLAnchorElement) {
    saved.push(this.download);
  };
  URL.createObjectURL = () => 'blob:fil';
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  HTMLAnchorElement.prototype.click = click;
});

function answerClaim(initial: Claim = claim(7)) {
  let current = initial;
  server.use(
    http.get('*/api/claim/7', () => HttpResponse.json({ data: current })),
    http.patch('*/api/claim/7', async ({ request }) => {
      const body = (await request.json()) as ClaimPatch;
      const at = '2026-11-25T13:05:00.000Z';
      current = {
        ...current,
        state: body.state,
        outcome: body.outcome ?? null,
        note: body.note ?? null,
        updated_at: at,
        events: [...current.events, { state: body.state, outcome: body.outcome ?? null, note: body.note ?? null, created_at: at }],
      };
      return HttpResponse.json({ data: current });
    }),
    http.get('*/api/document/:id/thumbnail', () => new HttpResponse(JPEG_BYTES, { headers: { 'content-type': 'image/jpeg' } })),
    http.get(
      '*/api/document/:id',
      () =>
        new HttpResponse(JPEG_BYTES, {
          headers: { 'content-type': 'image/jpeg', 'content-disposition': 'attachment; filename="kvittering.jpg"' },
        }),
    ),
    http.get('*/api/claim/7/packet', () => new HttpResponse('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } })),
    http.get('*/api/claim/7/packet.zip', () => new HttpResponse('PK', { headers: { 'content-type': 'application/zip' } })),
  );
}

const section = (name: string) => screen.getByRole('region', { name });

describe("a claim's page", { timeout: 60_000 }, () => {
  it('shows what happened, the member, the instrument, the cover and appraisal as the claim holds them', async () => {
    answerClaim();
    renderAdmin('/claims/7');
    const heading = await screen.findByRole('heading', HEADING, SLOW);
    expect(within(heading.parentElement!).getByText('Sendt')).toBeInTheDocument();
    const happened = section('Hendelsen');
    for (const text of ['Tyveri', '20-11-2026', 'Göteborg, utenfor konsertlokalet', 'Sverige', '24-118822', '21-11-2026 09:15']) {
      expect(within(happened).getByText(text)).toBeInTheDocument();
    }
    expect(within(happened).getByText(/stjålet fra bilen/)).toBeInTheDocument();
    const member = section('Medlem');
    expect(within(member).getByRole('link', { name: 'Ola Nordmann' })).toHaveAttribute('href', '/membership/edit/5');
    for (const text of ['10189', 'ola@example.no', '4 123 456', 'Storgata 5, 0155 OSLO']) expect(within(member).getByText(text)).toBeInTheDocument();
    const instrument = section('Instrument');
    for (const text of ['Gitar', 'Fender', 'Stratocaster', 'US123', '125 000 kr', '01-01-2026']) expect(within(instrument).getByText(text)).toBeInTheDocument();
    const cover = section('Forsikring og takst');
    for (const text of ['120 000 kr, 12-03-2024', 'POL-2026-77', 'Trygg Forsikring AS']) expect(within(cover).getByText(text)).toBeInTheDocument();
  });

  it('shows the documents as thumbnails named for what they are, and downloads one from its thumbnail', async () => {
    answerClaim();
    const user = userEvent.setup();
    renderAdmin('/claims/7');
    await screen.findByRole('heading', HEADING, SLOW);
    const documents = section('Dokumenter (2)');
    // An icon stands in, named the same way, until the thumbnail comes.
    await waitFor(() => expect(within(documents).getByRole('img', { name: 'Kvittering: kvittering.jpg' }).tagName).toBe('IMG'));
    expect(within(documents).getByRole('img', { name: 'Kvittering: kvittering.jpg' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/jpeg;base64,/),
    );
    expect(callsTo('/api/document/31/thumbnail')).toHaveLength(1);
    // A PDF has no thumbnail: an icon stands in, named the same way.
    expect(within(documents).getByRole('img', { name: 'Takst: takst.pdf' })).toBeInTheDocument();
    expect(callsTo('/api/document/32/thumbnail')).toHaveLength(0);
    expect(within(documents).getByText('Takst 120 000 kr, 12-03-2024')).toBeInTheDocument();
    // Documents a claim carries are never deleted from here.
    expect(within(documents).queryByRole('button', { name: /Slett/ })).toBeNull();

    await user.click(within(documents).getByRole('button', { name: 'Last ned kvittering.jpg' }));
    await waitFor(() => expect(saved).toEqual(['kvittering.jpg']));
    expect(callsTo('/api/document/31')).toHaveLength(1);
    // By keyboard too: the thumbnail is a button in the tab order.
    within(documents).getByRole('button', { name: 'Last ned takst.pdf' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(saved).toEqual(['kvittering.jpg', 'takst.pdf']));
  });

  it('downloads the packet in Norwegian, in English and with the documents as a zip', async () => {
    answerClaim();
    const user = userEvent.setup();
    renderAdmin('/claims/7');
    await screen.findByRole('heading', HEADING, SLOW);
    await user.click(screen.getByRole('button', { name: 'Skademelding (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['skademelding-7.pdf']));
    await user.click(screen.getByRole('button', { name: 'Claim in English (PDF)' }));
    await waitFor(() => expect(saved).toEqual(['skademelding-7.pdf', 'claim-7.pdf']));
    expect(callsTo('/api/claim/7/packet').map((call) => call.query.lang)).toEqual(['nb', 'en']);
    await user.click(screen.getByRole('button', { name: 'Skjema og dokumenter (zip)' }));
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(callsTo('/api/claim/7/packet.zip')).toHaveLength(1);
  });

  it("moves the claim to 'Under behandling' with a note, which the history then shows", async () => {
    answerClaim();
    const user = userEvent.setup();
    renderAdmin('/claims/7');
    await screen.findByRole('heading', HEADING, SLOW);
    const change = section('Endre status');
    // A claim is sent when it comes: staff move it on from there.
    expect(within(change).queryByRole('radio', { name: 'Sendt' })).toBeNull();
    await user.click(within(change).getByRole('radio', { name: 'Under behandling' }));
    await user.type(within(change).getByRole('textbox', { name: 'Melding til medlemmet' }), 'Vi har bedt forsikringsselskapet om en vurdering.');
    await user.click(within(change).getByRole('button', { name: 'Lagre endring' }));
    expect(await screen.findByText('Skademeldingen er oppdatert')).toBeInTheDocument();
    expect(callsTo('/api/claim/7', 'PATCH').map((call) => call.body)).toEqual([
      { state: 'in_progress', note: 'Vi har bedt forsikringsselskapet om en vurdering.' },
    ]);
    const history = section('Historikk');
    const row = within(history).getByText('Vi har bedt forsikringsselskapet om en vurdering.').closest('tr')!;
    expect(within(row).getByText('Under behandling')).toBeInTheDocument();
    expect(within(row).getByText('25-11-2026 14:05')).toBeInTheDocument();
    // The menu badge counts the claims waiting: it is read again.
    await waitFor(() => expect(callsTo('/api/counters').length).toBeGreaterThan(1));
    // The form starts again from the claim's new state, with an empty note.
    expect(within(change).getByRole('radio', { name: 'Under behandling' })).toBeChecked();
    expect(within(change).getByRole('textbox', { name: 'Melding til medlemmet' })).toHaveValue('');
  });

  it("asks for the outcome of 'Avgjort' and sends it", async () => {
    answerClaim(claim(7, { state: 'in_progress' }));
    const user = userEvent.setup();
    renderAdmin('/claims/7');
    await screen.findByRole('heading', HEADING, SLOW);
    const change = section('Endre status');
    await user.click(within(change).getByRole('radio', { name: 'Avgjort' }));
    await user.click(within(change).getByRole('button', { name: 'Lagre endring' }));
    expect(await within(change).findByText('Velg utfallet')).toBeInTheDocument();
    expect(callsTo('/api/claim/7', 'PATCH')).toHaveLength(0);
    await user.click(within(change).getByRole('radio', { name: 'Delvis godkjent' }));
    await user.type(within(change).getByRole('textbox', { name: 'Melding til medlemmet' }), 'Egenandelen er 4 000 kr.');
    await user.click(within(change).getByRole('button', { name: 'Lagre endring' }));
    await waitFor(() =>
      expect(callsTo('/api/claim/7', 'PATCH').map((call) => call.body)).toEqual([
        { state: 'decided', outcome: 'partly_approved', note: 'Egenandelen er 4 000 kr.' },
      ]),
    );
    expect(await screen.findByText('Avgjort: Delvis godkjent')).toBeInTheDocument();
    expect(within(section('Historikk')).getByText('Egenandelen er 4 000 kr.')).toBeInTheDocument();
  });

  it('asks where a sent claim goes before sending anything', async () => {
    answerClaim();
    const user = userEvent.setup();
    renderAdmin('/claims/7');
    await screen.findByRole('heading', HEADING, SLOW);
    const change = section('Endre status');
    expect(
      within(change)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['in_progress', 'decided', 'withdrawn']);
    expect(
      within(change)
        .getAllByRole('radio')
        .filter((radio) => (radio as HTMLInputElement).checked),
    ).toEqual([]);
    await user.click(within(change).getByRole('button', { name: 'Lagre endring' }));
    expect(await within(change).findByText('Velg ny status')).toBeInTheDocument();
    expect(callsTo('/api/claim/7', 'PATCH')).toHaveLength(0);
  });

  it('offers a decided claim only to be taken up again', async () => {
    answerClaim(claim(7, { state: 'decided', outcome: 'rejected' }));
    renderAdmin('/claims/7');
    await screen.findByRole('heading', HEADING, SLOW);
    expect(
      within(section('Endre status'))
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['in_progress']);
  });

  it('offers no change once the claim is withdrawn', async () => {
    answerClaim(claim(7, { state: 'withdrawn' }));
    renderAdmin('/claims/7');
    await screen.findByRole('heading', HEADING, SLOW);
    expect(within(section('Endre status')).getByText('Skademeldingen er trukket og kan ikke endres.')).toBeInTheDocument();
    expect(within(section('Endre status')).queryByRole('button', { name: 'Lagre endring' })).toBeNull();
  });

  it("shows a refusal in the server's words and keeps what was chosen and written", async () => {
    expectFailedRequests();
    // The member withdrew the claim meanwhile.
    answerClaim(claim(7, { state: 'in_progress' }));
    server.use(http.patch('*/api/claim/7', () => HttpResponse.json({ message: 'Skademeldingen er trukket og kan ikke endres.' }, { status: 409 })));
    const user = userEvent.setup();
    renderAdmin('/claims/7');
    await screen.findByRole('heading', HEADING, SLOW);
    const change = section('Endre status');
    await user.click(within(change).getByRole('radio', { name: 'Avgjort' }));
    await user.click(within(change).getByRole('radio', { name: 'Godkjent' }));
    await user.type(within(change).getByRole('textbox', { name: 'Melding til medlemmet' }), 'Saken er godkjent.');
    await user.click(within(change).getByRole('button', { name: 'Lagre endring' }));
    expect(await within(change).findByText('Skademeldingen er trukket og kan ikke endres.')).toBeInTheDocument();
    expect(within(change).getByRole('radio', { name: 'Avgjort' })).toBeChecked();
    expect(within(change).getByRole('radio', { name: 'Godkjent' })).toBeChecked();
    expect(within(change).getByRole('textbox', { name: 'Melding til medlemmet' })).toHaveValue('Saken er godkjent.');
  });

  it("shows a field's refusal under the field", async () => {
    expectFailedRequests();
    answerClaim(claim(7, { state: 'in_progress' }));
    server.use(
      http.patch('*/api/claim/7', () =>
        HttpResponse.json({ message: 'Skjemaet har feil', errors: { note: ['Skriv en merknad til medlemmet, eller velg en annen status'] } }, { status: 422 }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/claims/7');
    await screen.findByRole('heading', HEADING, SLOW);
    const change = section('Endre status');
    // An in-progress claim starts there: a note alone is a change too.
    expect(within(change).getByRole('radio', { name: 'Under behandling' })).toBeChecked();
    await user.click(within(change).getByRole('button', { name: 'Lagre endring' }));
    expect(await within(change).findByText('Skriv en merknad til medlemmet, eller velg en annen status')).toBeInTheDocument();
    expect(callsTo('/api/claim/7', 'PATCH').map((call) => call.body)).toEqual([{ state: 'in_progress' }]);
  });

  it("lets a staff user without 'requests.decide' read the claim but not change it", async () => {
    answerClaim();
    withRights(RIGHT_NAMES.filter((right) => right !== 'requests.decide'));
    renderAdmin('/claims/7');
    await screen.findByRole('heading', HEADING, SLOW);
    const change = section('Endre status');
    expect(within(change).getByText('Bare ansatte med retten «Godkjenne, avvise og avslutte forespørsler» kan endre status.')).toBeInTheDocument();
    expect(within(change).queryByRole('radio')).toBeNull();
    expect(within(change).queryByRole('button', { name: 'Lagre endring' })).toBeNull();
    expect(section('Medlem')).toHaveTextContent('Ola Nordmann');
  });

  it('says so when the claim does not exist', async () => {
    expectFailedRequests();
    server.use(http.get('*/api/claim/99', () => HttpResponse.json({ message: 'Fant ikke skademeldingen' }, { status: 404 })));
    renderAdmin('/claims/99');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fant ikke skademeldingen' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gå tilbake' })).toBeInTheDocument();
  });
});
