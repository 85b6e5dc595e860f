/**
 * A member reports a claim ('Skademelding') on an insured instrument: what is kept (the register's
 * snapshot, the documents, the first history row, the two mails queued), and every bad input
 * refused with a Norwegian message and nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { signedIn, signedInStaff } from './factories-member-admin.ts';
import { addDocument, anotherInstrument, daysAgo, insuredMember, jpeg, pdf, postClaim, reportClaim, theftOf } from './claims-factories.ts';
import { loadConfig } from '../../server/config.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ env: { INSURER_NAME: 'Instrumentforsikring Nord AS', INSTRUMENT_POLICY_NUMBER: 'POL-77-123' } });
});
afterAll(async () => t?.close());

const claimCount = async (memberId: number) => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM claims WHERE member_id = $1', [memberId]))[0].n;

describe('POST /api/claim', () => {
  it('keeps the claim with the register as it was, the instrument’s documents, its first state, and queues the two mails', async () => {
    const member = await insuredMember(t, { first_name: 'Sigrun', last_name: 'Strand' }, { make: 'Fender', model: 'Jazzmaster', value: 42000 });
    const receipt = await addDocument(t, { member: member.id, instrument: member.instrument, kind: 'receipt', file_name: 'kvittering.pdf', bytes: pdf() });
    await addDocument(t, {
      member: member.id,
      instrument: member.instrument,
      kind: 'appraisal',
      file_name: 'takst-2021.pdf',
      bytes: pdf('Gammel'),
      valued_on: '2021-05-02',
      value: 38000,
    });
    await addDocument(t, {
      member: member.id,
      instrument: member.instrument,
      kind: 'appraisal',
      file_name: 'takst-2024.pdf',
      bytes: pdf('Ny'),
      valued_on: '2024-03-12',
      value: 40000,
    });
    const photo = await addDocument(t, { member: member.id, instrument: member.instrument, kind: 'photo', file_name: 'IMG_2231.jpg', bytes: await jpeg() });

    const claim = await reportClaim(t, member.token, theftOf(member.instrument, { police_report: '  BER-114477 ' }));
    expect(claim).toMatchObject({
      member_id: member.id,
      instrument_id: member.instrument,
      kind: 'theft',
      country: 'DE',
      police_report: 'BER-114477',
      state: 'sent',
      outcome: null,
      note: null,
    });
    expect(claim.snapshot).toEqual({
      member: {
        id: member.id,
        member_number: member.memberNumber,
        first_name: 'Sigrun',
        last_name: 'Strand',
        email: member.email,
        phone: '91234567',
        address: 'Storgata 1',
        postal_code: '0155',
        postal_area: 'OSLO',
      },
      instrument: {
        id: member.instrument,
        category_id: 1,
        category: expect.any(String),
        make: 'Fender',
        model: 'Jazzmaster',
        serial_number: 'SN-1',
        value: 42000,
        insurance_start: '2025-01-01',
      },
      appraisal: { valued_on: '2024-03-12', value: 40000 },
      policy_number: 'POL-77-123',
      insurer: 'Instrumentforsikring Nord AS',
    });
    // Without document_ids every document of the instrument goes with it.
    const documents = claim.documents as { id: number; in_claim: boolean }[];
    expect(documents).toHaveLength(4);
    expect(documents[0].id).toBe(receipt.id);
    expect(documents[3].id).toBe(photo.id);
    expect((claim.documents as { in_claim: boolean }[]).every((document) => document.in_claim)).toBe(true);
    expect(claim.events).toEqual([{ state: 'sent', outcome: null, note: null, created_at: expect.any(String) }]);

    // The register changes later; the claim reads as it did.
    await t.db.query("UPDATE instruments SET make = 'Endret', value = 1 WHERE id = $1", [member.instrument]);
    const read = (await t.app.inject({ url: `/api/claim/${claim.id}`, headers: bearer(member.token) })).json().data;
    expect(read.snapshot.instrument).toMatchObject({ make: 'Fender', value: 42000 });

    // One mail to the insurer's claims address and the member's copy, each naming the claim (its zip goes with it when sent).
    const mails = await t.db.query<{ email_to: string; subject: string; member_id: number; claim_id: number }>(
      'SELECT email_to, subject, member_id, claim_id FROM message_log WHERE claim_id = $1 ORDER BY id',
      [claim.id],
    );
    expect(mails).toEqual([
      expect.objectContaining({ email_to: 'skade@example.no', member_id: member.id, subject: expect.stringContaining(`Skademelding ${claim.id}`) }),
      expect.objectContaining({ email_to: member.email, member_id: member.id, subject: 'Vi har mottatt skademeldingen din' }),
    ]);

    // Chosen documents only, when the member picks them.
    const other = await anotherInstrument(t, member.id);
    const picked = await reportClaim(t, member.token, { ...theftOf(other), kind: 'damage', police_report: null, document_ids: [] });
    expect(picked.documents).toEqual([]);
    expect(picked.police_report).toBeNull();
  });

  it('makes no second claim while one for the instrument waits (a second tap on send), and one again once it is closed', async () => {
    const member = await insuredMember(t);
    const first = await reportClaim(t, member.token, theftOf(member.instrument));
    const again = await postClaim(t, member.token, theftOf(member.instrument));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/allerede en skademelding/);
    expect(await claimCount(member.id)).toBe(1);
    const withdrawn = await t.app.inject({ method: 'PATCH', url: `/api/claim/${first.id}`, headers: bearer(member.token), payload: { state: 'withdrawn' } });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await postClaim(t, member.token, theftOf(member.instrument))).statusCode).toBe(201);
  });
});

describe('bad input to POST /api/claim', () => {
  it('refuses an instrument that is not insured: waiting, rejected, deleted or ended', async () => {
    const member = await insuredMember(t);
    for (const state of ['requested', 'rejected', 'deleted']) {
      const instrument = await anotherInstrument(t, member.id, state);
      const response = await postClaim(t, member.token, theftOf(instrument));
      expect(response.statusCode, state).toBe(422);
      expect(response.json().errors.instrument_id).toEqual([expect.stringMatching(/^Instrumentet er ikke forsikret/)]);
    }
    await t.db.query('UPDATE instruments SET insurance_end = current_date - 30 WHERE id = $1', [member.instrument]);
    const ended = await postClaim(t, member.token, theftOf(member.instrument, { occurred_on: daysAgo(40) }));
    expect(ended.statusCode).toBe(422);
    expect(ended.json().message).toMatch(/^Instrumentet er ikke forsikret/);
    expect(await claimCount(member.id)).toBe(0);
  });

  it('answers 404 for another member’s instrument or one that does not exist, and 403 to staff', async () => {
    const owner = await insuredMember(t);
    const other = await insuredMember(t);
    expect((await postClaim(t, other.token, theftOf(owner.instrument))).statusCode).toBe(404);
    expect((await postClaim(t, other.token, theftOf(2_000_000_000))).statusCode).toBe(404);
    const staff = await signedInStaff(t.app, t.db);
    expect((await postClaim(t, staff.token, theftOf(owner.instrument))).statusCode).toBe(403);
    expect((await postClaim(t, '', theftOf(owner.instrument))).statusCode).toBe(401);
    expect(await claimCount(owner.id)).toBe(0);
  });

  it('refuses a date in the future, before the instrument was insured, or not a date', async () => {
    const member = await insuredMember(t);
    const future = await postClaim(t, member.token, theftOf(member.instrument, { occurred_on: daysAgo(-2) }));
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.occurred_on).toEqual(['Datoen kan ikke være fram i tid']);
    const before = await postClaim(t, member.token, theftOf(member.instrument, { occurred_on: '2024-12-31' }));
    expect(before.statusCode).toBe(422);
    expect(before.json().errors.occurred_on).toEqual(['Instrumentet var ikke forsikret da dette skjedde: forsikringen gjelder fra 01.01.2025.']);
    for (const occurred of ['2026-02-30', 'i går', '']) {
      const response = await postClaim(t, member.token, theftOf(member.instrument, { occurred_on: occurred }));
      expect(response.statusCode, occurred).toBe(422);
      expect(response.json().errors.occurred_on).toEqual(['Oppgi datoen det skjedde']);
    }
    expect(await claimCount(member.id)).toBe(0);
  });

  it('asks for the police report’s number for a theft, and for what, where, which country and a description', async () => {
    const member = await insuredMember(t);
    for (const policeReport of [undefined, null, '   ']) {
      const response = await postClaim(t, member.token, theftOf(member.instrument, { police_report: policeReport }));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ police_report: ['Oppgi anmeldelsesnummeret fra politiet'] });
    }
    const empty = await postClaim(t, member.token, { ...theftOf(member.instrument), place: ' ', country: 'XX', description: '' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      place: ['Oppgi hvor det skjedde'],
      country: ['Velg landet det skjedde i'],
      description: ['Beskriv hva som skjedde'],
    });
    const wrongKind = await postClaim(t, member.token, { ...theftOf(member.instrument), kind: 'brann' });
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json().errors.kind).toBeDefined();
    const long = await postClaim(t, member.token, theftOf(member.instrument, { description: 'x'.repeat(5001) }));
    expect(long.json().errors).toEqual({ description: ['Kan ikke være mer enn 5000 tegn'] });
    expect(await claimCount(member.id)).toBe(0);
  });

  it('answers 404 for another member’s document and 422 for the member’s own of another instrument', async () => {
    const member = await insuredMember(t);
    const other = await insuredMember(t);
    const theirs = await addDocument(t, { member: other.id, instrument: other.instrument, kind: 'photo', file_name: 'deres.jpg', bytes: await jpeg() });
    const secondInstrument = await anotherInstrument(t, member.id);
    const ownElsewhere = await addDocument(t, { member: member.id, instrument: secondInstrument, kind: 'receipt', file_name: 'annen.pdf', bytes: pdf() });
    const own = await addDocument(t, { member: member.id, instrument: member.instrument, kind: 'photo', file_name: 'egen.jpg', bytes: await jpeg() });

    expect((await postClaim(t, member.token, theftOf(member.instrument, { document_ids: [own.id, theirs.id] }))).statusCode).toBe(404);
    expect((await postClaim(t, member.token, theftOf(member.instrument, { document_ids: [2_000_000_000] }))).statusCode).toBe(404);
    const elsewhere = await postClaim(t, member.token, theftOf(member.instrument, { document_ids: [own.id, ownElsewhere.id] }));
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors).toEqual({ document_ids: ['Dokumentene må høre til instrumentet skaden gjelder.'] });
    expect(await claimCount(member.id)).toBe(0);
    // The other member's document is not in any claim.
    const [{ n }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM claim_documents WHERE document_id = $1', [theirs.id]);
    expect(n).toBe(0);
  });

  it('lets no blocked member or applicant report a claim', async () => {
    const blocked = await insuredMember(t);
    await t.db.query('UPDATE accounts SET blocked_access = true WHERE id = $1', [blocked.id]);
    expect((await postClaim(t, blocked.token, theftOf(blocked.instrument))).statusCode).toBe(403);
    const applicant = await signedIn(t.app, t.db, { role_id: 1 });
    expect((await postClaim(t, applicant.token, theftOf(blocked.instrument))).statusCode).toBe(404);
  });
});

describe('INSURER_CLAIMS_EMAIL', () => {
  it('is skade@example.no by default, and a bad address stops the server with the variable named', () => {
    expect(loadConfig({}).insurerClaimsEmail).toBe('skade@example.no');
    expect(loadConfig({ INSURER_CLAIMS_EMAIL: 'skade@forsikring.no' }).insurerClaimsEmail).toBe('skade@forsikring.no');
    expect(() => loadConfig({ INSURER_CLAIMS_EMAIL: 'skade' })).toThrow(/INSURER_CLAIMS_EMAIL/);
  });
});
