/**
 * Fake answers for an insured instrument's documents and claims (issue 39's API shapes), and a
 * reader for the multipart body Min side uploads, so a test sees exactly what went on the wire.
 */
import { http, HttpResponse } from 'msw';
import type { InstrumentDocument } from '../../../src/min-side/documents/api.ts';
import type { Claim } from '../../../src/min-side/claims/api.ts';
import { server } from './harness.tsx';

export const telecaster = {
  id: 12,
  member_id: 7,
  subscription_id: 3,
  instrument_category: 1,
  category: 'Gitar',
  make: 'Fender',
  model: 'Telecaster',
  serial_number: 'MX19012345',
  value: 150000,
  insurance_start: '2025-02-01',
  insurance_end: null,
  state: 'active',
  status: 1,
  requested_change: null,
  reason_for_rejection: null,
  created_at: '2025-02-01T09:00:00.000Z',
  updated_at: '2025-02-01T09:00:00.000Z',
  deleted_at: null,
  validated_by_user: null,
};

export function makeDocument(overrides: Partial<InstrumentDocument>): InstrumentDocument {
  return {
    id: 1,
    instrument_id: 12,
    member_id: 7,
    kind: 'receipt',
    valued_on: null,
    value: null,
    file_name: 'kvittering.jpg',
    content_type: 'image/jpeg',
    size: 204800,
    width: 1200,
    height: 1600,
    has_thumbnail: true,
    in_claim: false,
    created_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export const receipt = makeDocument({ id: 1 });
export const appraisal = makeDocument({
  id: 2,
  kind: 'appraisal',
  valued_on: '2024-03-12',
  value: 120000,
  file_name: 'takst.pdf',
  content_type: 'application/pdf',
  width: null,
  height: null,
  has_thumbnail: false,
});

/** Serves the member's instruments (one insured Telecaster unless told) and each instrument's documents. */
export function instrumentsApi(documents: InstrumentDocument[] = [receipt, appraisal], active: unknown[] = [telecaster]) {
  server.use(
    http.get('*/api/member/7/instrument', () => HttpResponse.json({ data: { active, requested: [], deleted: [], rejected: [] } })),
    http.get('*/api/instrument/:id/document', ({ params }) =>
      HttpResponse.json({ data: documents.filter((document) => document.instrument_id === Number(params.id)) }),
    ),
    http.get('*/api/document/:id/thumbnail', () => new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { headers: { 'Content-Type': 'image/jpeg' } })),
  );
}

export interface Part {
  name: string;
  filename?: string;
  type?: string;
  value: string;
}

/** The parts of a multipart/form-data body, in order. */
export async function readMultipart(request: Request): Promise<Part[]> {
  const boundary = /boundary=(.+)$/.exec(request.headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw new Error(`Not multipart: ${request.headers.get('content-type')}`);
  const text = await request.text();
  return text
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => {
      const [head, ...rest] = chunk.replace(/^\r\n/, '').split('\r\n\r\n');
      const disposition = /name="([^"]*)"(?:; filename="([^"]*)")?/.exec(head);
      const type = /Content-Type: (.+)/i.exec(head)?.[1]?.trim();
      return { name: disposition?.[1] ?? '', filename: disposition?.[2], type, value: rest.join('\r\n\r\n').replace(/\r\n$/, '') };
    });
}

export function makeClaim(overrides: Partial<Claim> = {}): Claim {
  return {
    id: 41,
    member_id: 7,
    instrument_id: 12,
    kind: 'theft',
    occurred_on: '2026-05-02',
    place: 'Göteborg, Ullevi',
    country: 'SE',
    description: 'Gitaren ble stjålet fra bilen etter konserten.',
    police_report: 'SE-2026-4411',
    state: 'sent',
    outcome: null,
    note: null,
    created_at: '2026-05-03T08:00:00.000Z',
    updated_at: '2026-05-03T08:00:00.000Z',
    snapshot: {
      member: {
        id: 7,
        member_number: 10007,
        first_name: 'Kari',
        last_name: 'Nordmann',
        email: 'kari@example.no',
        phone: '91234567',
        address: 'Storgata 1',
        postal_code: '0155',
        postal_area: 'Oslo',
      },
      instrument: {
        id: 12,
        category_id: 3,
        category: 'Gitar',
        make: 'Fender',
        model: 'Telecaster',
        serial_number: 'MX19012345',
        value: 150000,
        insurance_start: '2025-02-01',
      },
      appraisal: { valued_on: '2024-03-12', value: 120000 },
      policy_number: 'POL-778899',
      insurer: 'Trygg Forsikring AS',
    },
    documents: [receipt, appraisal],
    events: [{ state: 'sent', outcome: null, note: null, created_at: '2026-05-03T08:00:00.000Z' }],
    ...overrides,
  };
}
