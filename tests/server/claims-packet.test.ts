/**
 * The claim packet as an insurer's claims handler gets it: the PDF in Norwegian and English (read
 * back with poppler's pdftotext and pdfinfo, and drawn to PNG with pdftoppm into
 * artifacts/screenshots to be looked at), and the zip with both PDFs and the documents (read with
 * yauzl), for staff and the member whose claim it is; another member gets 404.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { addDocument, insuredMember, jpeg, pdf, reportClaim, theftOf, type StoredDocument } from './claims-factories.ts';
import { todayInOslo } from '../../server/domain/shared/oslo-date.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
const dir = mkdtempSync(path.join(tmpdir(), 'claim-packet-'));
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots');

beforeAll(async () => {
  t = await buildTestApp({
    env: { ORGANISATION_NAME: 'Norsk Musikerforbund', INSURER_NAME: 'Instrumentforsikring Nord AS', INSTRUMENT_POLICY_NUMBER: 'POL-77-123' },
  });
  staff = await signedInStaff(t.app, t.db);
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });

function pdfText(bytes: Buffer, name: string): { text: string; info: string; file: string } {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  return {
    text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
    info: execFileSync('pdfinfo', [file], { encoding: 'utf8' }),
    file,
  };
}

/** Each page as a PNG in artifacts/screenshots (claim-packet-nb-1.png …), to be looked at. */
function render(file: string, name: string): void {
  mkdirSync(SCREENSHOTS, { recursive: true });
  execFileSync('pdftoppm', ['-png', '-r', '80', file, path.join(SCREENSHOTS, name)]);
}

/** The zip's entries by name, each read whole. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const day = (iso: string) => iso.split('-').reverse().join('.');

describe('the claim packet', () => {
  let member: Awaited<ReturnType<typeof insuredMember>>;
  let claim: { id: number; created_at: string };
  let documents: StoredDocument[];

  beforeAll(async () => {
    member = await insuredMember(
      t,
      { first_name: 'Åshild', last_name: 'Ødegård-Kválsvik', phone: '41234567' },
      { make: 'Gibson', model: 'ES-335 Figured', value: 185000 },
    );
    documents = [
      await addDocument(t, {
        member: member.id,
        instrument: member.instrument,
        kind: 'receipt',
        file_name: 'Kvittering Gibson Oslo Gitarsenter.pdf',
        bytes: pdf(),
      }),
      await addDocument(t, {
        member: member.id,
        instrument: member.instrument,
        kind: 'appraisal',
        file_name: 'Takst 2024.pdf',
        bytes: pdf('Takst'),
        valued_on: '2024-03-12',
        value: 180000,
      }),
      await addDocument(t, { member: member.id, instrument: member.instrument, kind: 'photo', file_name: 'IMG_4471.HEIC', bytes: await jpeg('#2e5eb0') }),
      await addDocument(t, {
        member: member.id,
        instrument: member.instrument,
        kind: 'photo',
        file_name: 'bilde: "bak/side".jpg',
        bytes: await jpeg('#2eb05e'),
      }),
    ];
    claim = (await reportClaim(
      t,
      member.token,
      theftOf(member.instrument, {
        occurred_on: '2025-11-14',
        place: 'Backstage, Columbiahalle, Berlin',
        description:
          'Gitaren ble stjålet fra garderoben mens vi spilte konserten. Kofferten sto innelåst, og døren var brutt opp da vi kom tilbake ' +
          'etter konserten. Arrangøren har bekreftet innbruddet skriftlig, og vaktselskapet har sendt sin rapport til politiet i Berlin.',
        police_report: 'BER-2025-114477',
      }),
    )) as never;
  });

  it('is a tagged PDF in Norwegian with everything a claims handler needs', async () => {
    const response = await get(`/api/claim/${claim.id}/packet?lang=nb`, staff.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="skademelding-${claim.id}.pdf"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const { text, info, file } = pdfText(response.rawPayload, 'nb');
    render(file, 'claim-packet-nb');
    expect(info).toMatch(/Tagged:\s+yes/);
    expect(info).toMatch(new RegExp(`Title:\\s+Skademelding – instrumentforsikring, sak ${claim.id} – Åshild Ødegård-Kválsvik`));
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Norsk Musikerforbund',
      'Skademelding – instrumentforsikring',
      `Sak ${claim.id}, meldt ${day(todayInOslo())}`,
      'Tyveri 14.11.2025: Gitar, Gibson ES-335 Figured, serienummer SN-1',
      'Åshild Ødegård-Kválsvik',
      `Medlemsnummer ${member.memberNumber}`,
      'Storgata 1, 0155 OSLO',
      member.email,
      '41234567',
      'Forsikringsselskap Instrumentforsikring Nord AS',
      'Polisenummer POL-77-123',
      'Forsikringssum 185 000 kr',
      'Forsikret fra 01.01.2025',
      'Siste takst 180 000 kr, 12.03.2024',
      'Produsent Gibson',
      'Modell ES-335 Figured',
      'Serienummer SN-1',
      'Hva skjedde Tyveri',
      'Dato 14.11.2025',
      'Sted Backstage, Columbiahalle, Berlin',
      'Land Tyskland',
      'Politianmeldelse BER-2025-114477',
      'Gitaren ble stjålet fra garderoben',
      'rapport til politiet i Berlin.',
      'Vedlagte dokumenter (4)',
      '01 Kvittering Gibson Oslo Gitarsenter.pdf Kvittering',
      '02 Takst 2024.pdf Takst, 180 000 kr 12.03.2024',
      '03 IMG_4471.HEIC Bilde',
      'Skademeldingen er sendt fra Norsk Musikerforbund til Instrumentforsikring Nord AS på vegne av medlemmet.',
    ])
      expect(flat).toContain(expected);
  });

  it('is the same in English for an insurer or a police report abroad', async () => {
    const response = await get(`/api/claim/${claim.id}/packet?lang=en`, member.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="insurance-claim-${claim.id}.pdf"`);
    const { text, info, file } = pdfText(response.rawPayload, 'en');
    render(file, 'claim-packet-en');
    expect(info).toMatch(/Tagged:\s+yes/);
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      'Insurance claim – musical instrument',
      `Claim ${claim.id}, reported`,
      'Theft 14 November 2025: Guitar, Gibson ES-335 Figured, serial number SN-1',
      `Membership number ${member.memberNumber}`,
      'Insurer Instrumentforsikring Nord AS',
      'Policy number POL-77-123',
      'Sum insured NOK 185,000',
      'Insured since 1 January 2025',
      'Latest appraisal NOK 180,000, 12 March 2024',
      'Maker Gibson',
      'What happened Theft',
      'Country Germany',
      'Police report BER-2025-114477',
      'Documents attached (4)',
      'Appraisal, NOK 180,000 12 Mar 2024',
      'Photo',
    ])
      expect(flat).toContain(expected);
    expect(flat).not.toContain('Tyskland');
  });

  it('goes with its documents in one zip: both PDFs and each document as stored, numbered as the PDF lists them', async () => {
    const response = await get(`/api/claim/${claim.id}/packet.zip`, staff.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="skademelding-${claim.id}.zip"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const entries = await unzip(response.rawPayload);
    expect([...entries.keys()]).toEqual([
      `skademelding-${claim.id}.pdf`,
      `insurance-claim-${claim.id}.pdf`,
      'dokumenter/01-kvittering-Kvittering Gibson Oslo Gitarsenter.pdf',
      'dokumenter/02-takst-Takst 2024.pdf',
      'dokumenter/03-bilde-IMG_4471.HEIC.jpg',
      'dokumenter/04-bilde-bilde_ _bak_side_.jpg',
    ]);
    const names = [...entries.keys()];
    documents.forEach((document, index) => expect(entries.get(names[index + 2])!.equals(document.bytes)).toBe(true));
    expect(pdfText(entries.get(`skademelding-${claim.id}.pdf`)!, 'zip-nb').text).toContain('Politianmeldelse');
    expect(pdfText(entries.get(`insurance-claim-${claim.id}.pdf`)!, 'zip-en').text).toContain('Police report');
  });

  it('is the member’s own and staff’s: another member gets 404 on both, a caller without a token 401', async () => {
    const other = await insuredMember(t);
    for (const url of [`/api/claim/${claim.id}/packet`, `/api/claim/${claim.id}/packet.zip`, `/api/claim/${claim.id}`]) {
      expect((await get(url, other.token)).statusCode, url).toBe(404);
      expect((await get(url, member.token)).statusCode, url).toBe(200);
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
    expect((await get('/api/claim/2000000000/packet', staff.token)).statusCode).toBe(404);
    expect((await get(`/api/claim/${claim.id}/packet?lang=de`, staff.token)).statusCode).toBe(400);
  });

  it('continues a long description and many documents on further pages, with the page numbers', async () => {
    const long = await insuredMember(t, { first_name: 'Lang', last_name: 'Beskrivelse' });
    for (let index = 1; index <= 30; index += 1) {
      await addDocument(t, {
        member: long.id,
        instrument: long.instrument,
        kind: 'photo',
        file_name: `Bilde ${index} av skaden på lakken og halsen.jpg`,
        bytes: await jpeg(),
      });
    }
    const paragraph = 'Instrumentet falt av stativet under lydprøven da scenen ble ryddet, og halsen knakk ved hodet. ';
    const damage = await reportClaim(
      t,
      long.token,
      theftOf(long.instrument, { kind: 'damage', police_report: null, country: 'NO', place: 'Rockefeller, Oslo', description: paragraph.repeat(45).trim() }),
    );
    const { text, info, file } = pdfText((await get(`/api/claim/${damage.id}/packet`, staff.token)).rawPayload, 'long');
    render(file, 'claim-packet-long-nb');
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Side ${pages} av ${pages}`);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Politianmeldelse Ikke anmeldt');
    expect(flat).toContain('Land Norge');
    expect(flat).toContain('30 Bilde 30 av skaden på lakken og halsen.jpg');
    expect(flat.match(/Instrumentet falt av stativet/g)).toHaveLength(45);
  });
});
