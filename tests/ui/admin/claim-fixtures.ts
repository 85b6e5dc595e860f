/** Fake API records of issue 39 for the staff screens: instruments' documents and claims, shaped as the contract gives them. */
import type { Claim, ClaimListItem, Document, Instrument } from '../../../src/dataProvider/index.ts';

export function document(id: number, changes: Partial<Document> = {}): Document {
  return {
    id,
    instrument_id: 11,
    member_id: 5,
    kind: 'receipt',
    valued_on: null,
    value: null,
    file_name: 'kvittering.jpg',
    content_type: 'image/jpeg',
    size: 48_213,
    width: 1200,
    height: 1600,
    has_thumbnail: true,
    in_claim: false,
    created_at: '2026-03-12T09:30:00.000Z',
    ...changes,
  };
}

export const appraisal = (id: number, changes: Partial<Document> = {}) =>
  document(id, {
    kind: 'appraisal',
    valued_on: '2024-03-12',
    value: 120_000,
    file_name: 'takst.pdf',
    content_type: 'application/pdf',
    width: null,
    height: null,
    has_thumbnail: false,
    ...changes,
  });

export function instrument(id: number, changes: Partial<Instrument> = {}): Instrument {
  return {
    id,
    member_id: 5,
    subscription_id: 32,
    instrument_category: 1,
    category: 'Gitar',
    make: 'Fender',
    model: 'Stratocaster',
    serial_number: 'US123',
    value: 25_000,
    insurance_start: '2026-01-01',
    insurance_end: null,
    state: 'active',
    status: 1,
    requested_change: null,
    reason_for_rejection: null,
    created_at: '2026-01-01T10:00:00.000Z',
    updated_at: '2026-01-01T10:00:00.000Z',
    deleted_at: null,
    validated_by_user: null,
    valuation: { state: 'ok', expires_on: null, needs: 'receipt', documented_value: null, documented_on: null },
    ...changes,
  };
}

export function claim(id: number, changes: Partial<Claim> = {}): Claim {
  return {
    id,
    member_id: 5,
    instrument_id: 11,
    kind: 'theft',
    occurred_on: '2026-11-20',
    place: 'Göteborg, utenfor konsertlokalet',
    country: 'SE',
    description: 'Gitaren ble stjålet fra bilen mens vi rigget ned etter konserten.',
    police_report: '24-118822',
    state: 'sent',
    outcome: null,
    note: null,
    created_at: '2026-11-21T08:15:00.000Z',
    updated_at: '2026-11-21T08:15:00.000Z',
    snapshot: {
      member: {
        id: 5,
        member_number: 10189,
        first_name: 'Ola',
        last_name: 'Nordmann',
        email: 'ola@example.no',
        phone: '4123456',
        address: 'Storgata 5',
        postal_code: '0155',
        postal_area: 'OSLO',
      },
      instrument: {
        id: 11,
        category_id: 1,
        category: 'Gitar',
        make: 'Fender',
        model: 'Stratocaster',
        serial_number: 'US123',
        value: 125_000,
        insurance_start: '2026-01-01',
      },
      appraisal: { valued_on: '2024-03-12', value: 120_000 },
      policy_number: 'POL-2026-77',
      insurer: 'Trygg Forsikring AS',
    },
    documents: [document(31, { in_claim: true }), appraisal(32, { in_claim: true })],
    events: [{ state: 'sent', outcome: null, note: null, created_at: '2026-11-21T08:15:00.000Z' }],
    ...changes,
  };
}

/** A tiny JPEG's bytes, as the thumbnail route answers (the screens only show it). */
export const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

/** The claim as a row of the queue: the member as the register has them, the instrument as claimed, the documents counted. */
export function claimRow(id: number, changes: Partial<ClaimListItem> = {}): ClaimListItem {
  const { snapshot, documents, events: _events, ...fields } = claim(id);
  const { member } = snapshot;
  return {
    ...fields,
    member: {
      id: member.id,
      remote_id: member.member_number,
      first_name: member.first_name,
      last_name: member.last_name,
      email: member.email,
      phone: member.phone,
    },
    instrument: snapshot.instrument,
    documents: documents.length,
    ...changes,
  };
}
