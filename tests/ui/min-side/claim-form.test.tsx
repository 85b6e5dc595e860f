/** 'Meld skade' on Min side: pre-filled from the register, checked before sending, sent with the exact body, and the packet to download. */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, makeMember, memberApi, renderApp, server, signInAs } from './harness.tsx';
import { appraisal, instrumentsApi, makeClaim, makeDocument, readMultipart, receipt, type Part } from './claim-fixtures.ts';
import { LOCALE_STORAGE_KEY } from '../../../src/min-side/texts.ts';
import { todayIso } from '../../../src/common/format.ts';

installFakeApi();

const kari = makeMember();
const nextYear = new Date().getFullYear() + 1;

function claimApi(answer: { status: number; body: Record<string, unknown> } = { status: 201, body: { data: makeClaim() } }) {
  const posted: unknown[] = [];
  const packets: string[] = [];
  server.use(
    http.post('*/api/claim', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json(answer.body, { status: answer.status });
    }),
    http.get('*/api/claim/:id/packet', ({ request }) => {
      packets.push(new URL(request.url).search);
      return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { headers: { 'Content-Type': 'application/pdf' } });
    }),
  );
  return { posted, packets };
}

/** Catches the file the page hands the browser to save. */
function savedFiles() {
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

afterEach(() => vi.restoreAllMocks());

async function openForm(path = '/profile/claims/7/new/12') {
  memberApi(kari);
  instrumentsApi();
  signInAs(kari);
  const user = userEvent.setup();
  renderApp(path);
  return user;
}

const form = () => screen.getByRole('form', { name: 'Om hendelsen' });

describe("'Meld skade'", () => {
  it('is reached from the instrument and shows what the register says, read-only', async () => {
    memberApi(kari);
    instrumentsApi();
    signInAs(kari);
    const user = userEvent.setup();
    renderApp('/profile/edit/instrument-insurance/7?tab=active');
    await user.click(await screen.findByRole('link', { name: 'Meld skade på Fender Telecaster' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Meld skade: Fender Telecaster' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Meld skade – Musikerportalen'));
    const register = screen.getByRole('region', { name: 'Fra registeret' });
    const facts = Object.fromEntries(
      within(register)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Medlem: 'Kari Nordmann',
      Medlemsnummer: '10007',
      Kontakt: 'kari@example.no, 91234567',
      Adresse: 'Storgata 1, 0155 Oslo',
      Instrument: 'Gitar',
      Fabrikant: 'Fender',
      Modell: 'Telecaster',
      Serienummer: 'MX19012345',
      'Forsikret verdi': '150 000 kr',
      'Forsikret fra': '01-02-2025',
      Takst: '120 000 kr, 12-03-2024',
    });
    expect(within(register).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(register).getByText('Polisenummer og forsikringsselskap føres på skademeldingen når du sender den.')).toBeInTheDocument();
    // The instrument's documents are attached, all ticked.
    const attachments = within(form()).getByRole('group', { name: 'Vedlegg' });
    expect(within(attachments).getByRole('checkbox', { name: 'Kvittering – kvittering.jpg' })).toBeChecked();
    expect(within(attachments).getByRole('checkbox', { name: 'Takst 12-03-2024, 120 000 kr – takst.pdf' })).toBeChecked();
  });

  it('says so for an instrument that is not insured', async () => {
    await openForm('/profile/claims/7/new/99');
    expect(await screen.findByText(/Dette instrumentet er ikke forsikret hos oss nå/)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('points to the open claim instead of a second form for the same instrument', async () => {
    server.use(
      http.get('*/api/member/7/claim', () =>
        HttpResponse.json({
          data: [makeClaim({ id: 41, state: 'in_progress' }), makeClaim({ id: 30, state: 'decided', outcome: 'approved' })],
        }),
      ),
    );
    await openForm();
    expect(await screen.findByText(/Du har allerede en skademelding for dette instrumentet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se skademeldingen (sak 41)' })).toHaveAttribute('href', '/profile/claims/7/41');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('checks the form before sending: what is missing, a date in the future or before the cover, a theft without a police report', async () => {
    const { posted } = claimApi();
    const user = await openForm();
    await user.click(await screen.findByRole('button', { name: 'Send skademeldingen' }));

    const kind = within(form()).getByRole('group', { name: 'Hva har skjedd?' });
    await waitFor(() => expect(kind).toHaveAccessibleDescription('Velg hva som har skjedd'));
    expect(within(kind).getByRole('radio', { name: 'Tyveri' })).toHaveFocus();
    const date = within(form()).getByRole('textbox', { name: 'Når skjedde det?' });
    expect(date).toHaveAccessibleDescription('Oppgi datoen det skjedde');
    expect(within(form()).getByRole('textbox', { name: 'Hvor skjedde det?' })).toHaveAccessibleDescription(/Oppgi hvor det skjedde/);
    expect(within(form()).getByRole('textbox', { name: 'Beskriv hva som skjedde' })).toHaveAccessibleDescription(/Beskriv hva som skjedde/);

    await user.click(within(kind).getByRole('radio', { name: 'Tyveri' }));
    await user.type(date, `01/01/${nextYear}`);
    await user.type(within(form()).getByRole('textbox', { name: 'Hvor skjedde det?' }), 'Oslo Spektrum');
    await user.type(within(form()).getByRole('textbox', { name: 'Beskriv hva som skjedde' }), 'Stjålet fra backstage.');
    await user.click(within(form()).getByRole('button', { name: 'Send skademeldingen' }));
    await waitFor(() => expect(date).toHaveAccessibleDescription('Datoen kan ikke være fram i tid'));
    expect(date).toHaveFocus();
    const police = within(form()).getByRole('textbox', { name: 'Anmeldelsesnummer fra politiet' });
    expect(police).toHaveAccessibleDescription(/Oppgi anmeldelsesnummeret fra politiet/);
    expect(police).toHaveAttribute('aria-invalid', 'true');

    await user.clear(date);
    await user.type(date, '31/01/2025');
    await user.click(within(form()).getByRole('button', { name: 'Send skademeldingen' }));
    await waitFor(() => expect(date).toHaveAccessibleDescription('Datoen er før forsikringen startet (01-02-2025)'));

    // Damage needs no police report.
    await user.click(within(kind).getByRole('radio', { name: 'Skade' }));
    await user.clear(date);
    await user.type(date, '02/02/2025');
    await waitFor(() => expect(police).not.toHaveAttribute('aria-invalid'));
    expect(posted).toEqual([]);
  });

  it('sends the exact body (abroad, the country, the documents chosen, a photo added there) and then shows the claim with its packet', async () => {
    const { posted, packets } = claimApi();
    const uploads: Part[][] = [];
    server.use(
      http.post('*/api/instrument/12/document', async ({ request }) => {
        uploads.push(await readMultipart(request));
        return HttpResponse.json({ data: makeDocument({ id: 9, kind: 'photo', file_name: 'skade.jpg' }) }, { status: 201 });
      }),
    );
    const saved = savedFiles();
    const user = await openForm();
    await user.click(await within(await screen.findByRole('form', { name: 'Om hendelsen' })).findByRole('radio', { name: 'Tyveri' }));
    await user.type(within(form()).getByRole('textbox', { name: 'Når skjedde det?' }), '02/05/2026');
    await user.type(within(form()).getByRole('textbox', { name: 'Hvor skjedde det?' }), ' Göteborg, Ullevi ');
    await user.click(within(form()).getByRole('radio', { name: 'I utlandet' }));
    await user.selectOptions(within(form()).getByRole('combobox', { name: 'Land' }), 'Sverige');
    await user.type(within(form()).getByRole('textbox', { name: 'Beskriv hva som skjedde' }), 'Gitaren ble stjålet fra bilen etter konserten.');
    await user.type(within(form()).getByRole('textbox', { name: 'Anmeldelsesnummer fra politiet' }), 'SE-2026-4411');
    await user.click(within(form()).getByRole('checkbox', { name: 'Takst 12-03-2024, 120 000 kr – takst.pdf' }));
    await user.upload(within(form()).getByLabelText('Legg til bilder'), new File(['jpeg'], 'skade.jpg', { type: 'image/jpeg' }));
    expect(await within(form()).findByRole('checkbox', { name: 'Bilde – skade.jpg' })).toBeChecked();
    expect(uploads[0].map((part) => [part.name, part.filename ?? part.value])).toEqual([
      ['kind', 'photo'],
      ['file', 'skade.jpg'],
    ]);

    await user.click(within(form()).getByRole('button', { name: 'Send skademeldingen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Skademelding' })).toBeInTheDocument();
    expect(posted).toEqual([
      {
        instrument_id: 12,
        kind: 'theft',
        occurred_on: '2026-05-02',
        place: 'Göteborg, Ullevi',
        country: 'SE',
        description: 'Gitaren ble stjålet fra bilen etter konserten.',
        police_report: 'SE-2026-4411',
        document_ids: [1, 9],
      },
    ]);
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/claims/7/41');
    expect(screen.getByText(/Skademeldingen er sendt til forsikringsselskapet/)).toBeInTheDocument();
    const claim = screen.getByRole('article', { name: 'Tyveri: Fender Telecaster' });
    expect(within(claim).getByText('Sendt', { selector: '.claim-state' })).toBeInTheDocument();
    expect(within(claim).getByText('Göteborg, Ullevi, Sverige')).toBeInTheDocument();
    expect(within(claim).getByText('POL-778899')).toBeInTheDocument();
    expect(within(claim).getByText('Trygg Forsikring AS')).toBeInTheDocument();

    await user.click(within(claim).getByRole('button', { name: 'Last ned skademelding (PDF) – sak 41' }));
    await waitFor(() => expect(saved).toEqual(['skademelding-41.pdf']));
    expect(packets).toEqual(['?lang=nb']);
  });

  it('can be filled in and sent with the keyboard alone', async () => {
    const { posted } = claimApi();
    const user = await openForm();
    await screen.findByRole('form', { name: 'Om hendelsen' });
    /** Presses Tab until the named control has the focus (at most 40 times). */
    const tabTo = async (role: string, name: string) => {
      const target = within(form()).getByRole(role, { name });
      for (let step = 0; step < 40 && document.activeElement !== target; step += 1) await user.tab();
      expect(target).toHaveFocus();
    };
    // From the form's first control on (the page's header and links before it are Min side's own).
    act(() => within(form()).getByRole('radio', { name: 'Tyveri' }).focus());
    await user.keyboard('{ArrowDown}');
    expect(within(form()).getByRole('radio', { name: 'Skade' })).toBeChecked();
    await tabTo('textbox', 'Når skjedde det?');
    await user.keyboard('02/05/2026');
    await tabTo('textbox', 'Hvor skjedde det?');
    await user.keyboard('Oslo');
    await tabTo('textbox', 'Beskriv hva som skjedde');
    await user.keyboard('Mistet.');
    await tabTo('checkbox', 'Kvittering – kvittering.jpg');
    await user.keyboard(' ');
    await tabTo('button', 'Send skademeldingen');
    await user.keyboard('{Enter}');
    await screen.findByRole('article', { name: 'Tyveri: Fender Telecaster' });
    expect(posted).toEqual([
      {
        instrument_id: 12,
        kind: 'damage',
        occurred_on: '2026-05-02',
        place: 'Oslo',
        country: 'NO',
        description: 'Mistet.',
        document_ids: [2],
      },
    ]);
  });

  it("shows the server's refusal in place and keeps everything typed", async () => {
    const notInsured = 'Instrumentet er ikke forsikret, så du kan ikke melde skade på det. Kontakt medlemsservice hvis du mener det er feil.';
    claimApi({ status: 422, body: { message: notInsured, errors: { instrument_id: [notInsured] } } });
    const user = await openForm();
    await user.click(await within(await screen.findByRole('form', { name: 'Om hendelsen' })).findByRole('radio', { name: 'Tap' }));
    await user.type(within(form()).getByRole('textbox', { name: 'Når skjedde det?' }), '02/05/2026');
    await user.type(within(form()).getByRole('textbox', { name: 'Hvor skjedde det?' }), 'Bergen');
    await user.type(within(form()).getByRole('textbox', { name: 'Beskriv hva som skjedde' }), 'Glemt på toget.');
    await user.click(within(form()).getByRole('button', { name: 'Send skademeldingen' }));

    const alert = await within(form()).findByRole('alert');
    expect(alert).toHaveTextContent(notInsured);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(within(form()).getByRole('radio', { name: 'Tap' })).toBeChecked();
    expect(within(form()).getByRole('textbox', { name: 'Hvor skjedde det?' })).toHaveValue('Bergen');
    expect(within(form()).getByRole('textbox', { name: 'Beskriv hva som skjedde' })).toHaveValue('Glemt på toget.');

    server.use(
      http.post('*/api/claim', () =>
        HttpResponse.json(
          { message: 'Oppgi anmeldelsesnummeret fra politiet', errors: { police_report: ['Oppgi anmeldelsesnummeret fra politiet'] } },
          { status: 422 },
        ),
      ),
    );
    await user.click(within(form()).getByRole('button', { name: 'Send skademeldingen' }));
    const police = within(form()).getByRole('textbox', { name: 'Anmeldelsesnummer fra politiet' });
    await waitFor(() => expect(police).toHaveAccessibleDescription(/Oppgi anmeldelsesnummeret fra politiet/));
    expect(police).toHaveFocus();
    expect(within(form()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is in English in English, with English country names and the English packet', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    const { posted, packets } = claimApi();
    const saved = savedFiles();
    const user = await openForm();
    const english = await screen.findByRole('form', { name: 'About the incident' });
    await waitFor(() => expect(document.title).toBe('Report a claim – Musikerportalen'));
    expect(screen.getByRole('region', { name: 'From the register' })).toHaveTextContent('NOK 150,000');
    await user.click(within(english).getByRole('button', { name: 'Send the claim' }));
    expect(await within(english).findByText('Choose what happened')).toBeInTheDocument();
    expect(within(english).getByText('Enter the date it happened')).toBeInTheDocument();

    await user.click(within(english).getByRole('radio', { name: 'Damage' }));
    await user.type(within(english).getByRole('textbox', { name: 'When did it happen?' }), todayIso().split('-').reverse().join('/'));
    await user.type(within(english).getByRole('textbox', { name: 'Where did it happen?' }), 'Hamburg');
    await user.click(within(english).getByRole('radio', { name: 'Abroad' }));
    await user.selectOptions(within(english).getByRole('combobox', { name: 'Country' }), 'Germany');
    await user.type(within(english).getByRole('textbox', { name: 'Describe what happened' }), 'Dropped on stage.');
    await user.click(within(english).getByRole('button', { name: 'Send the claim' }));
    const claim = await screen.findByRole('article', { name: 'Theft: Fender Telecaster' });
    expect(posted).toEqual([expect.objectContaining({ kind: 'damage', country: 'DE', occurred_on: todayIso(), document_ids: [receipt.id, appraisal.id] })]);
    expect(posted[0]).not.toHaveProperty('police_report');
    await user.click(within(claim).getByRole('button', { name: 'Download claim report (PDF) – case 41' }));
    await waitFor(() => expect(saved).toEqual(['claim-41.pdf']));
    expect(packets).toEqual(['?lang=en']);
  });
});
