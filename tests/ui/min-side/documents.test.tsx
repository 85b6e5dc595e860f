/** 'Dokumenter' per insured instrument on Min side: thumbnails, upload (files or camera), delete, in Norwegian and English. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { installFakeApi, makeMember, memberApi, renderApp, server, signInAs } from './harness.tsx';
import { appraisal, instrumentsApi, makeDocument, readMultipart, receipt, type Part } from './claim-fixtures.ts';
import { LOCALE_STORAGE_KEY } from '../../../src/min-side/texts.ts';

installFakeApi();

const kari = makeMember();

async function openDocuments(documents = [receipt, appraisal]) {
  memberApi(kari);
  instrumentsApi(documents);
  signInAs(kari);
  const user = userEvent.setup();
  renderApp('/profile/edit/instrument-insurance/7');
  await user.click(await screen.findByRole('tab', { name: 'Aktiv forsikring' }));
  const card = await screen.findByRole('region', { name: 'Fender Telecaster' });
  await within(card).findByRole('heading', { name: /^Dokumenter \(\d+\)$/ });
  const add = within(card).getByRole('button', { name: 'Legg til dokument' });
  expect(add).toHaveAttribute('aria-expanded', 'false');
  await user.click(add);
  expect(add).toHaveAttribute('aria-expanded', 'true');
  // The form's code loads when it is first opened.
  await within(card).findByRole('form', { name: 'Legg til dokument – Fender Telecaster' });
  return { user, card };
}

/** Answers uploads with the next document (or the given refusal) and keeps what each request carried. */
function uploadApi(answer?: { status: number; body: Record<string, unknown> }) {
  const uploads: Part[][] = [];
  server.use(
    http.post('*/api/instrument/12/document', async ({ request }) => {
      const parts = await readMultipart(request);
      uploads.push(parts);
      if (answer) return HttpResponse.json(answer.body, { status: answer.status });
      const field = (name: string) => parts.find((part) => part.name === name)?.value ?? null;
      const file = parts.find((part) => part.name === 'file');
      return HttpResponse.json(
        {
          data: makeDocument({
            id: 9,
            kind: field('kind') as 'photo',
            file_name: file?.filename ?? '',
            valued_on: field('valued_on'),
            value: field('value') ? Number(field('value')) : null,
          }),
        },
        { status: 201 },
      );
    }),
  );
  return uploads;
}

const photo = (name = 'bilde.jpg', type = 'image/jpeg', bytes = 'jpeg-bytes') => new File([bytes], name, { type });

describe("an insured instrument's documents", () => {
  it('shows each document as a thumbnail named by kind and file, with the limits and the way to a claim', async () => {
    const { card } = await openDocuments();
    expect(within(card).getByRole('heading', { name: 'Dokumenter (2)' })).toBeInTheDocument();
    expect(await within(card).findByRole('img', { name: 'Kvittering: kvittering.jpg' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(within(card).getByRole('img', { name: 'Takst: takst.pdf' })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Takst: takst.pdf' }).closest('li')).toHaveTextContent(/^PDFTakst12-03-2024, 120 000 krtakst\.pdf/);
    expect(within(card).getByText('Maks 25 MB per fil, inntil 30 dokumenter per instrument. JPEG, PNG, HEIC, WebP eller PDF.')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Meld skade på Fender Telecaster' })).toHaveAttribute('href', '/profile/claims/7/new/12');
    expect(screen.getByRole('link', { name: 'Skademeldinger' })).toHaveAttribute('href', '/profile/claims/7');
    const file = within(card).getByLabelText('Fil');
    expect(file).toHaveAttribute('accept', 'image/*,application/pdf');
    expect(file).toHaveAccessibleDescription(/Maks 25 MB per fil/);
  });

  it('offers the camera: "Ta bilde" opens a camera input', async () => {
    const { user, card } = await openDocuments();
    const camera = card.querySelector<HTMLInputElement>('input[capture="environment"]');
    expect(camera).toHaveAttribute('accept', 'image/*');
    let opened = false;
    camera!.addEventListener('click', () => {
      opened = true;
    });
    await user.click(within(card).getByRole('button', { name: 'Ta bilde – Fender Telecaster' }));
    expect(opened).toBe(true);
  });

  it('uploads an appraisal as multipart with its kind, date and value, shows its thumbnail and empties the form', async () => {
    const uploads = uploadApi();
    const { user, card } = await openDocuments();
    await user.click(within(card).getByRole('radio', { name: 'Takst' }));
    await user.type(within(card).getByRole('textbox', { name: 'Takstdato' }), '12/03/2024');
    await user.type(within(card).getByRole('textbox', { name: 'Verdi i takst (kr)' }), '120 000');
    await user.upload(within(card).getByLabelText('Fil'), photo('takst-ny.jpg'));
    expect(within(card).getByText('Valgt: takst-ny.jpg (1 kB)')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Last opp' }));
    // The new document's thumbnail, once the server's picture has come.
    await waitFor(() => expect(within(card).getByRole('img', { name: 'Takst: takst-ny.jpg' })).toHaveAttribute('src', expect.stringMatching(/^blob:/)));
    expect(uploads).toHaveLength(1);
    expect(uploads[0].map(({ name, value, filename, type }) => ({ name, value, filename, type }))).toEqual([
      { name: 'kind', value: 'appraisal', filename: undefined, type: undefined },
      { name: 'valued_on', value: '2024-03-12', filename: undefined, type: undefined },
      { name: 'value', value: '120000', filename: undefined, type: undefined },
      { name: 'file', value: 'jpeg-bytes', filename: 'takst-ny.jpg', type: 'image/jpeg' },
    ]);
    expect(within(card).getByRole('heading', { name: 'Dokumenter (3)' })).toBeInTheDocument();
    expect(within(card).getByText('takst-ny.jpg er lastet opp.')).toBeInTheDocument();
    expect(within(card).queryByText(/^Valgt:/)).not.toBeInTheDocument();
    expect(within(card).getByRole('radio', { name: 'Takst' })).not.toBeChecked();
  });

  it('shows the upload going on, and "Last opp" waits until it is done', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post('*/api/instrument/12/document', async () => {
        await gate;
        return HttpResponse.json({ data: makeDocument({ id: 9, kind: 'photo', file_name: 'bilde.jpg' }) }, { status: 201 });
      }),
    );
    const { user, card } = await openDocuments();
    await user.click(within(card).getByRole('radio', { name: 'Bilde' }));
    await user.upload(within(card).getByLabelText('Fil'), photo());
    await user.click(within(card).getByRole('button', { name: 'Last opp' }));
    expect(await within(card).findByRole('progressbar', { name: 'Opplasting' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Last opp' })).toBeDisabled();
    expect(within(card).getByText('Laster opp bilde.jpg …', { selector: '[role="status"]' })).toBeInTheDocument();
    release();
    expect(await within(card).findByText('bilde.jpg er lastet opp.')).toBeInTheDocument();
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Last opp' })).toBeEnabled();
  });

  it("shows the server's refusal under the file and keeps the kind, the file and what was typed", async () => {
    const uploads = uploadApi({ status: 422, body: { message: 'Filtypen støttes ikke. Last opp JPEG, PNG, HEIC, WebP eller PDF.' } });
    const { user, card } = await openDocuments();
    await user.click(within(card).getByRole('radio', { name: 'Takst' }));
    await user.type(within(card).getByRole('textbox', { name: 'Takstdato' }), '12/03/2024');
    await user.type(within(card).getByRole('textbox', { name: 'Verdi i takst (kr)' }), '120000');
    await user.upload(within(card).getByLabelText('Fil'), photo('takst.heic', 'image/heic'));
    await user.click(within(card).getByRole('button', { name: 'Last opp' }));

    const file = within(card).getByLabelText('Fil');
    await waitFor(() => expect(file).toHaveAccessibleDescription(/Filtypen støttes ikke\. Last opp JPEG/));
    expect(file).toHaveFocus();
    expect(file).toHaveAttribute('aria-invalid', 'true');
    expect(within(card).getByText('Valgt: takst.heic (1 kB)')).toBeInTheDocument();
    expect(within(card).getByRole('radio', { name: 'Takst' })).toBeChecked();
    expect(within(card).getByRole('textbox', { name: 'Takstdato' })).toHaveValue('12/03/2024');
    expect(within(card).getByRole('textbox', { name: 'Verdi i takst (kr)' })).toHaveValue('120000');

    // Sending again sends the same file: nothing had to be chosen or typed again.
    await user.click(within(card).getByRole('button', { name: 'Last opp' }));
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect(uploads[1].find((part) => part.name === 'file')?.filename).toBe('takst.heic');
  });

  it("names a too large file (413) and the server's field messages where they belong", async () => {
    uploadApi({ status: 422, body: { message: 'Sjekk feltene', errors: { valued_on: ['Takstdatoen kan ikke være før 1900'] } } });
    const { user, card } = await openDocuments();
    await user.click(within(card).getByRole('radio', { name: 'Takst' }));
    await user.type(within(card).getByRole('textbox', { name: 'Takstdato' }), '12/03/2024');
    await user.type(within(card).getByRole('textbox', { name: 'Verdi i takst (kr)' }), '9000');
    await user.upload(within(card).getByLabelText('Fil'), photo());
    await user.click(within(card).getByRole('button', { name: 'Last opp' }));
    const date = within(card).getByRole('textbox', { name: 'Takstdato' });
    await waitFor(() => expect(date).toHaveAccessibleDescription('Takstdatoen kan ikke være før 1900'));
    expect(date).toHaveFocus();

    server.use(
      http.post('*/api/instrument/12/document', () => new HttpResponse('<html>413</html>', { status: 413, headers: { 'Content-Type': 'text/html' } })),
    );
    await user.clear(date);
    await user.type(date, '12/03/2024');
    await user.click(within(card).getByRole('button', { name: 'Last opp' }));
    await waitFor(() => expect(within(card).getByLabelText('Fil')).toHaveAccessibleDescription(/Filen er for stor\. Maks 25 MB per fil\./));
  });

  it('checks the form before sending, and the focus goes to the first thing to fix', async () => {
    const uploads = uploadApi();
    const { user, card } = await openDocuments();
    await user.click(within(card).getByRole('button', { name: 'Last opp' }));
    expect(await within(card).findByText('Velg hva slags dokument det er')).toBeInTheDocument();
    expect(within(card).getByText('Velg en fil eller ta et bilde')).toBeInTheDocument();
    expect(within(card).getByRole('radio', { name: 'Kvittering' })).toHaveFocus();
    expect(within(card).getByRole('group', { name: 'Hva slags dokument?' })).toHaveAccessibleDescription('Velg hva slags dokument det er');

    await user.click(within(card).getByRole('radio', { name: 'Takst' }));
    const date = within(card).getByRole('textbox', { name: 'Takstdato' });
    await user.type(date, `01/01/${new Date().getFullYear() + 1}`);
    // A file dialog may offer 'All files': the form still says what it takes.
    await userEvent.setup({ applyAccept: false }).upload(within(card).getByLabelText('Fil'), photo('film.mp4', 'video/mp4'));
    await user.click(within(card).getByRole('button', { name: 'Last opp' }));
    await waitFor(() => expect(date).toHaveAccessibleDescription('Takstdatoen kan ikke være fram i tid'));
    expect(date).toHaveFocus();
    expect(within(card).getByRole('textbox', { name: 'Verdi i takst (kr)' })).toHaveAccessibleDescription('Oppgi verdien i taksten');
    expect(within(card).getByLabelText('Fil')).toHaveAccessibleDescription(/Filtypen støttes ikke\. Velg JPEG, PNG, HEIC, WebP eller PDF\./);
    expect(uploads).toHaveLength(0);
  });
});

describe('deleting a document', () => {
  it('asks first; "Avbryt" keeps it, "Ja, slett" deletes it', async () => {
    const deleted: string[] = [];
    server.use(
      http.delete('*/api/document/:id', ({ params }) => {
        deleted.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, card } = await openDocuments();
    await user.click(within(card).getByRole('button', { name: 'Slett kvittering.jpg' }));
    expect(within(card).getByText('Slette kvittering.jpg? Det kan ikke angres.')).toHaveFocus();
    await user.click(within(card).getByRole('button', { name: 'Avbryt' }));
    expect(within(card).getByRole('button', { name: 'Slett kvittering.jpg' })).toHaveFocus();
    expect(deleted).toEqual([]);

    await user.keyboard('{Enter}');
    await user.click(within(card).getByRole('button', { name: 'Ja, slett' }));
    await waitFor(() => expect(within(card).queryByRole('img', { name: 'Kvittering: kvittering.jpg' })).not.toBeInTheDocument());
    expect(deleted).toEqual(['1']);
    expect(within(card).getByRole('heading', { name: 'Dokumenter (1)' })).toHaveFocus();
    expect(within(card).getByText('kvittering.jpg er slettet.')).toBeInTheDocument();
  });

  it('explains why a document a claim uses cannot be deleted, and shows the refusal if it became so meanwhile', async () => {
    server.use(
      http.delete('*/api/document/:id', () => HttpResponse.json({ message: 'Dokumentet er brukt i en skademelding og kan ikke slettes.' }, { status: 409 })),
    );
    const { user, card } = await openDocuments([makeDocument({ id: 1, in_claim: true }), appraisal]);
    expect(within(card).queryByRole('button', { name: 'Slett kvittering.jpg' })).not.toBeInTheDocument();
    expect(within(card).getByText('Brukt i en skademelding, så det kan ikke slettes.')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Slett takst.pdf' }));
    await user.click(within(card).getByRole('button', { name: 'Ja, slett' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Dokumentet er brukt i en skademelding og kan ikke slettes.');
    expect(within(card).getByRole('img', { name: 'Takst: takst.pdf' })).toBeInTheDocument();
  });
});

describe('in English', () => {
  it('names the documents, the limits, the kinds and the camera in English', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    memberApi(kari);
    instrumentsApi();
    signInAs(kari);
    const user = userEvent.setup();
    renderApp('/profile/edit/instrument-insurance/7');
    await user.click(await screen.findByRole('tab', { name: 'Active insurance' }));
    const card = await screen.findByRole('region', { name: 'Fender Telecaster' });
    expect(await within(card).findByRole('heading', { name: 'Documents (2)' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Add a document' }));
    expect(within(card).getByText('Up to 25 MB per file and 30 documents per instrument. JPEG, PNG, HEIC, WebP or PDF.')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Appraisal: takst.pdf' }).closest('li')).toHaveTextContent(/^PDFAppraisal12 Mar 2024, NOK 120,000takst\.pdf/);
    expect(within(card).getByRole('img', { name: 'Receipt: kvittering.jpg' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Report a claim for Fender Telecaster' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Take photo – Fender Telecaster' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Upload' }));
    expect(await within(card).findByText('Choose what kind of document it is')).toBeInTheDocument();
    expect(within(card).getByText('Choose a file or take a photo')).toBeInTheDocument();
  });
});
