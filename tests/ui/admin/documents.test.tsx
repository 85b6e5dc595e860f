/**
 * 'Dokumenter' on the staff instrument screens: each instrument's documents as thumbnails named
 * for what they are, the upload (multipart with kind, date and value; a refusal in the server's
 * words, with the chosen file and typed values kept), 'Slett' (and why a claim's document stays),
 * and nothing to change for staff without 'members.change'.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RIGHT_NAMES } from '../../../server/domain/staff/rights.ts';
import type { Document } from '../../../src/dataProvider/index.ts';
import { member, paged } from './fixtures.ts';
import { appraisal, document, instrument, JPEG_BYTES } from './claim-fixtures.ts';
import { callsTo, expectFailedRequests, installFakeApi, renderAdmin, server, withRights } from './harness.tsx';

installFakeApi();

/**
 * jsdom's Blob, File and FormData do not reach Node's fetch whole through the fake API (the request
 * aborted on a body length that did not match), so the uploads here are built of Node's own, whole
 * as a browser sends them.
 */
const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor as typeof FormData;
beforeAll(() => {
  vi.stubGlobal('Blob', NodeBlob);
  vi.stubGlobal('File', NodeFile);
  vi.stubGlobal('FormData', NodeFormData);
});
afterAll(() => {
  vi.unstubAllGlobals();
});
const upload = (bits: string, name: string, type: string) => new NodeFile([bits], name, { type }) as unknown as File;

// The page and the date picker are transformed once before the timed waits.
beforeAll(
  () =>
    Promise.all([
      import('../../../src/admin/instrument-insurance/MemberInstrumentsPage.tsx'),
      import('../../../src/admin/dates/DateInput.tsx').then((module) => module.loadDatePicker()),
    ]),
  60_000,
);

const SLOW = { timeout: 40_000 };
const PAGE = '/membership/edit/instrument-insurance/5';
const LIMITS = 'Maks 25 MB per fil, inntil 30 dokumenter per instrument. JPEG, PNG, HEIC, WebP eller PDF.';

/** The member's one insured guitar, with `documents`; an upload is added to them, a deletion removes one. */
function answerInstruments(initial: Document[]) {
  let documents = initial;
  server.use(
    http.get('*/api/member/5', () => HttpResponse.json({ data: member() })),
    http.get('*/api/member/5/instrument', () => HttpResponse.json({ data: { active: [instrument(11)], requested: [], deleted: [], rejected: [] } })),
    http.get('*/api/instrument/11/document', () => HttpResponse.json({ data: documents })),
    http.get('*/api/document/:id/thumbnail', () => new HttpResponse(JPEG_BYTES, { headers: { 'content-type': 'image/jpeg' } })),
    http.post('*/api/instrument/11/document', async ({ request }) => {
      const form = await request.formData();
      const file = form.get('file') as File;
      const added = document(40, {
        kind: form.get('kind') as Document['kind'],
        file_name: file.name,
        content_type: 'application/pdf',
        has_thumbnail: false,
        valued_on: (form.get('valued_on') as string | null) ?? null,
        value: form.has('value') ? Number(form.get('value')) : null,
      });
      documents = [...documents, added];
      return HttpResponse.json({ data: added }, { status: 201 });
    }),
    http.delete('*/api/document/:id', ({ params }) => {
      documents = documents.filter((one) => one.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
}

const panel = () => screen.getByRole('region', { name: /Fender Stratocaster, US123 – dokumenter/ });

/** 'Legg til dokument' opens the upload form, whose code comes when asked for. */
async function openUpload(user: ReturnType<typeof userEvent.setup>) {
  const open = within(panel()).getByRole('button', { name: 'Legg til dokument' });
  expect(open).toHaveAttribute('aria-expanded', 'false');
  expect(within(panel()).queryByRole('button', { name: 'Last opp' })).toBeNull();
  await user.click(open);
  expect(open).toHaveAttribute('aria-expanded', 'true');
  await within(panel()).findByRole('button', { name: 'Last opp' }, SLOW);
  return panel();
}

describe("an instrument's documents on the staff instrument page", { timeout: 60_000 }, () => {
  it("shows each document as a thumbnail named for what it is, and why a claim's document stays", async () => {
    answerInstruments([document(31), appraisal(32, { in_claim: true })]);
    renderAdmin(PAGE);
    await screen.findByRole('heading', { level: 2, name: 'Dokumenter' }, SLOW);
    // The only instrument's panel starts open.
    const summary = await screen.findByRole('button', { name: 'Fender Stratocaster, US123 – dokumenter: 2' });
    expect(summary).toHaveAttribute('aria-expanded', 'true');
    const list = within(panel()).getByRole('list', { name: 'Dokumentene til Fender Stratocaster, US123' });
    await waitFor(() => expect(within(list).getByRole('img', { name: 'Kvittering: kvittering.jpg' }).tagName).toBe('IMG'));
    expect(within(list).getByRole('img', { name: 'Takst: takst.pdf' })).toBeInTheDocument();
    expect(within(list).getByText('Takst 120 000 kr, 12-03-2024')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Slett kvittering.jpg' })).toBeInTheDocument();
    const kept = within(list).getByText('Takst 120 000 kr, 12-03-2024').closest('li')!;
    expect(within(kept).queryByRole('button', { name: /Slett/ })).toBeNull();
    expect(within(kept).getByText('Brukt i en skademelding, og kan derfor ikke slettes.')).toBeInTheDocument();
    // The upload form names the limits once opened.
    await openUpload(userEvent.setup());
    expect(within(panel()).getByText(LIMITS)).toBeInTheDocument();
  });

  it('uploads an appraisal as multipart with its kind, date and value, and lists it', async () => {
    answerInstruments([]);
    const user = userEvent.setup();
    renderAdmin(PAGE);
    await screen.findByRole('button', { name: 'Fender Stratocaster, US123 – dokumenter: 0' }, SLOW);
    const form = await openUpload(user);
    const file = within(form).getByLabelText('Velg fil for Fender Stratocaster, US123');
    expect(file).toHaveAttribute('accept', 'image/*,application/pdf');
    expect(file).toHaveAccessibleDescription(LIMITS);
    // The browser's own file field, drawn as a button: the keyboard reaches it.
    file.focus();
    expect(file).toHaveFocus();
    await user.click(within(form).getByRole('radio', { name: 'Takst' }));
    await user.click(within(form).getByRole('textbox', { name: 'Takstdato' }));
    await user.keyboard('12032024');
    await user.type(within(form).getByRole('spinbutton', { name: 'Verdi (hele kroner)' }), '120000');
    await user.upload(file, upload('%PDF-1.7', 'takst-2024.pdf', 'application/pdf'));
    expect(within(form).getByText('Valgt fil: takst-2024.pdf (1 kB)')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Last opp' }));

    expect(await screen.findByText('Dokumentet er lastet opp')).toBeInTheDocument();
    const sent = callsTo('/api/instrument/11/document', 'POST')[0].body as FormData;
    expect(Object.fromEntries([...sent.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      kind: 'appraisal',
      valued_on: '2024-03-12',
      value: '120000',
    });
    expect((sent.get('file') as File).name).toBe('takst-2024.pdf');
    expect(await within(panel()).findByRole('img', { name: 'Takst: takst-2024.pdf' })).toBeInTheDocument();
    // The form starts empty for the next one.
    expect(within(panel()).getByText('Ingen fil valgt')).toBeInTheDocument();
    expect(within(panel()).getByRole('radio', { name: 'Kvittering' })).toBeChecked();
  });

  it("shows the server's Norwegian refusal and keeps the chosen file and the typed values", async () => {
    expectFailedRequests();
    answerInstruments([]);
    server.use(
      http.post('*/api/instrument/11/document', async ({ request }) => {
        // Read whole before answering, as a server does (an answer while the body still streams aborts it here).
        await request.formData();
        return HttpResponse.json({ message: 'Filen er for stor. Maks 25 MB per fil.' }, { status: 413 });
      }),
    );
    const user = userEvent.setup();
    renderAdmin(PAGE);
    await screen.findByRole('button', { name: 'Fender Stratocaster, US123 – dokumenter: 0' }, SLOW);
    const form = await openUpload(user);
    await user.click(within(form).getByRole('radio', { name: 'Takst' }));
    await user.click(within(form).getByRole('textbox', { name: 'Takstdato' }));
    await user.keyboard('01022025');
    await user.type(within(form).getByRole('spinbutton', { name: 'Verdi (hele kroner)' }), '250000');
    await user.upload(within(form).getByLabelText('Velg fil for Fender Stratocaster, US123'), upload('x'.repeat(3000), 'stor.jpg', 'image/jpeg'));
    await user.click(within(form).getByRole('button', { name: 'Last opp' }));

    expect(await within(form).findByText('Dokumentet ble ikke lastet opp: Filen er for stor. Maks 25 MB per fil.')).toBeInTheDocument();
    expect(within(form).getByText('Valgt fil: stor.jpg (3 kB)')).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'Takst' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'Takstdato' })).toHaveValue('01/02/2025');
    expect(within(form).getByRole('spinbutton', { name: 'Verdi (hele kroner)' })).toHaveValue(250000);
    // Trying again sends the same file.
    await user.click(within(form).getByRole('button', { name: 'Last opp' }));
    await waitFor(() => expect(callsTo('/api/instrument/11/document', 'POST')).toHaveLength(2));
    expect(((callsTo('/api/instrument/11/document', 'POST')[1].body as FormData).get('file') as File).name).toBe('stor.jpg');
  });

  it('asks for a file, and for an appraisal its date and value, before sending', async () => {
    answerInstruments([]);
    const user = userEvent.setup();
    renderAdmin(PAGE);
    await screen.findByRole('button', { name: 'Fender Stratocaster, US123 – dokumenter: 0' }, SLOW);
    const form = await openUpload(user);
    await user.click(within(form).getByRole('radio', { name: 'Takst' }));
    await user.click(within(form).getByRole('button', { name: 'Last opp' }));
    expect(await within(form).findByText('Velg en fil')).toBeInTheDocument();
    expect(within(form).getByText('Fyll inn takstdatoen')).toBeInTheDocument();
    expect(within(form).getByText('Fyll inn verdien i hele kroner')).toBeInTheDocument();
    expect(callsTo('/api/instrument/11/document', 'POST')).toHaveLength(0);
  });

  it('deletes a document after asking, and explains a refusal when a claim uses it', async () => {
    expectFailedRequests();
    answerInstruments([document(31), document(33, { file_name: 'bilde.jpg', kind: 'photo' })]);
    server.use(
      http.delete('*/api/document/33', () => HttpResponse.json({ message: 'Dokumentet er brukt i en skademelding og kan ikke slettes.' }, { status: 409 })),
    );
    const user = userEvent.setup();
    renderAdmin(PAGE);
    await screen.findByRole('button', { name: 'Fender Stratocaster, US123 – dokumenter: 2' }, SLOW);
    await user.click(within(panel()).getByRole('button', { name: 'Slett kvittering.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slette dokumentet?' });
    expect(within(dialog).getByText('«kvittering.jpg» slettes for godt.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Slett' }));
    expect(await screen.findByText('Dokumentet er slettet')).toBeInTheDocument();
    expect(callsTo('/api/document/31', 'DELETE')).toHaveLength(1);
    await screen.findByRole('button', { name: 'Fender Stratocaster, US123 – dokumenter: 1' });

    await user.click(within(panel()).getByRole('button', { name: 'Slett bilde.jpg' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Slett' }));
    expect(await screen.findByText('Dokumentet er brukt i en skademelding og kan ikke slettes.')).toBeInTheDocument();
    expect(within(panel()).getByRole('img', { name: 'Bilde: bilde.jpg' })).toBeInTheDocument();
  });

  it("shows the documents but no upload or 'Slett' to staff without 'members.change'", async () => {
    answerInstruments([document(31)]);
    withRights(RIGHT_NAMES.filter((right) => right !== 'members.change'));
    renderAdmin(PAGE);
    await screen.findByRole('button', { name: 'Fender Stratocaster, US123 – dokumenter: 1' }, SLOW);
    expect(within(panel()).getByRole('img', { name: 'Kvittering: kvittering.jpg' })).toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: /Slett/ })).toBeNull();
    expect(within(panel()).queryByRole('button', { name: 'Last opp' })).toBeNull();
    expect(within(panel()).queryByRole('button', { name: 'Legg til dokument' })).toBeNull();
  });
});

describe("the documents on a member's instrument requests", { timeout: 60_000 }, () => {
  it('shows the waiting instruments with their documents', async () => {
    const waiting = instrument(12, { make: 'Gibson', model: 'Les Paul', serial_number: null, state: 'requested', status: 0 });
    server.use(
      http.get('*/api/member/5', () => HttpResponse.json({ data: member() })),
      http.get('*/api/member/5/instrument', () => HttpResponse.json({ data: { active: [instrument(11)], requested: [waiting], deleted: [], rejected: [] } })),
      http.get('*/api/instrument/list', () => HttpResponse.json(paged([waiting]))),
      http.get('*/api/instrument/12/document', () =>
        HttpResponse.json({
          data: [document(50, { instrument_id: 12, file_name: 'kvittering-gibson.pdf', content_type: 'application/pdf', has_thumbnail: false })],
        }),
      ),
    );
    renderAdmin('/instrument-insurance/list/5');
    await screen.findByRole('button', { name: 'Gibson Les Paul – dokumenter: 1' }, SLOW);
    expect(screen.getByRole('img', { name: 'Kvittering: kvittering-gibson.pdf' })).toBeInTheDocument();
    // Only the waiting instrument: the insured one is on the member's instrument page.
    expect(screen.queryByRole('button', { name: /Fender Stratocaster/ })).toBeNull();
  });
});
