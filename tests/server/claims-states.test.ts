/**
 * A claim's way through its states: staff move it with a note the member sees and is mailed,
 * decide it with an outcome, take a decided one up again; the member withdraws their own while it
 * waits; and the menu's count of waiting claims ('pending-claims') follows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { insuredMember, reportClaim, theftOf } from './claims-factories.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db, { first_name: 'Siv', last_name: 'Skadebehandler' });
});
afterAll(async () => t?.close());

const patch = (id: number, token: string, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/claim/${id}`, headers: bearer(token), payload });
const counters = async () => (await t.app.inject({ url: '/api/counters', headers: bearer(staff.token) })).json().data as Record<string, number>;

async function newClaim() {
  const member = await insuredMember(t, { first_name: 'Tore', last_name: 'Tyveri' });
  const claim = await reportClaim(t, member.token, theftOf(member.instrument));
  return { member, claim };
}

/** The 'claim-updated' mails to the member, oldest first. */
const updates = (memberId: number) =>
  t.db.query<{ subject: string; content: string; sender_id: number | null; claim_id: number | null }>(
    "SELECT subject, content, sender_id, claim_id FROM message_log WHERE member_id = $1 AND subject = 'Skademeldingen din er oppdatert' ORDER BY id",
    [memberId],
  );

describe('PATCH /api/claim/{id} by staff', () => {
  it('moves a claim to in progress with a note, adds notes, decides it with an outcome, and mails the member each time', async () => {
    const { member, claim } = await newClaim();
    const working = await patch(claim.id, staff.token, { state: 'in_progress', note: '  Vi har sendt saken videre og venter på svar.  ' });
    expect(working.statusCode, working.body).toBe(200);
    expect(working.json().data).toMatchObject({ state: 'in_progress', outcome: null, note: 'Vi har sendt saken videre og venter på svar.' });

    // A note alone, while in progress: something to tell or ask.
    const asked = await patch(claim.id, staff.token, { state: 'in_progress', note: 'Forsikringsselskapet ber om bilde av kvitteringen.' });
    expect(asked.statusCode, asked.body).toBe(200);
    const decided = await patch(claim.id, staff.token, { state: 'decided', outcome: 'partly_approved', note: 'Dekket med fradrag for egenandel på 4 000 kr.' });
    expect(decided.statusCode, decided.body).toBe(200);
    const data = decided.json().data;
    expect(data).toMatchObject({ state: 'decided', outcome: 'partly_approved', note: 'Dekket med fradrag for egenandel på 4 000 kr.' });
    expect(data.events.map((event: { state: string; outcome: string | null; note: string | null }) => [event.state, event.outcome, event.note])).toEqual([
      ['sent', null, null],
      ['in_progress', null, 'Vi har sendt saken videre og venter på svar.'],
      ['in_progress', null, 'Forsikringsselskapet ber om bilde av kvitteringen.'],
      ['decided', 'partly_approved', 'Dekket med fradrag for egenandel på 4 000 kr.'],
    ]);

    // The member reads the state and the note, and was mailed each change (no zip with these).
    const own = (await t.app.inject({ url: `/api/claim/${claim.id}`, headers: bearer(member.token) })).json().data;
    expect(own).toMatchObject({ state: 'decided', outcome: 'partly_approved', note: 'Dekket med fradrag for egenandel på 4 000 kr.' });
    const mails = await updates(member.id);
    expect(mails).toHaveLength(3);
    expect(mails[0].content).toContain('har fått status «Under behandling»');
    expect(mails[0].content).toContain('Vi har sendt saken videre og venter på svar.');
    expect(mails[0].content).toContain(`(sak ${claim.id})`);
    expect(mails[0].content).toContain('Fender Stratocaster');
    expect(mails[2].content).toContain('«Avgjort – delvis godkjent»');
    expect(mails.every((mail) => mail.claim_id === null && mail.sender_id === staff.id)).toBe(true);

    // A decided claim may be taken up again (an appeal).
    const reopened = await patch(claim.id, staff.token, { state: 'in_progress', note: 'Medlemmet har klaget på avgjørelsen.' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data).toMatchObject({ state: 'in_progress', outcome: null });
  });

  it('refuses a decision without an outcome, an outcome without a decision, a repeat without a note, and a withdrawn claim', async () => {
    const { member, claim } = await newClaim();
    const noOutcome = await patch(claim.id, staff.token, { state: 'decided' });
    expect(noOutcome.statusCode).toBe(422);
    expect(noOutcome.json().errors).toEqual({ outcome: ['Velg utfallet: godkjent, delvis godkjent eller avslått'] });
    const strayOutcome = await patch(claim.id, staff.token, { state: 'in_progress', outcome: 'approved' });
    expect(strayOutcome.json().errors).toEqual({ outcome: ['Utfallet settes bare når saken avgjøres'] });
    expect((await patch(claim.id, staff.token, { state: 'in_progress' })).statusCode).toBe(200);
    const repeat = await patch(claim.id, staff.token, { state: 'in_progress', note: '   ' });
    expect(repeat.statusCode).toBe(422);
    expect(repeat.json().errors).toEqual({ note: ['Skriv en merknad til medlemmet, eller velg en annen status'] });
    expect((await patch(claim.id, staff.token, { state: 'in_progress', note: 'x'.repeat(2001) })).json().errors).toEqual({
      note: ['Merknaden kan ikke være mer enn 2000 tegn'],
    });
    expect((await patch(claim.id, staff.token, { state: 'sent' })).statusCode).toBe(422);
    expect((await patch(claim.id, staff.token, { state: 'decided', outcome: 'granted' })).statusCode).toBe(422);

    const withdrawn = await patch(claim.id, staff.token, { state: 'withdrawn', note: 'Medlemmet ringte og trakk saken.' });
    expect(withdrawn.statusCode).toBe(200);
    const closed = await patch(claim.id, staff.token, { state: 'in_progress', note: 'Åpner igjen' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('Skademeldingen er trukket og kan ikke endres.');
    const decidedOnce = await newClaim();
    await patch(decidedOnce.claim.id, staff.token, { state: 'decided', outcome: 'rejected' });
    const twice = await patch(decidedOnce.claim.id, staff.token, { state: 'decided', outcome: 'approved' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('En skademelding som er «Avgjort», kan ikke settes til «Avgjort».');
    expect((await patch(2_000_000_000, staff.token, { state: 'in_progress' })).statusCode).toBe(404);
    // Nothing refused left a trace: the history holds the changes made, one mail each.
    const events = (await t.app.inject({ url: `/api/claim/${claim.id}`, headers: bearer(staff.token) })).json().data.events;
    expect(events.map((event: { state: string }) => event.state)).toEqual(['sent', 'in_progress', 'withdrawn']);
    expect(await updates(member.id)).toHaveLength(2);
  });

  it('needs the right to decide requests', async () => {
    const { claim } = await newClaim();
    const [role] = await t.db.query<{ id: number }>("INSERT INTO staff_roles (name) VALUES ('Lesetilgang krav') RETURNING id");
    await t.db.query("INSERT INTO staff_role_rights (role_id, name) VALUES ($1, 'members.read')", [role.id]);
    const reader = await createAccount(t.db, { role_id: role.id });
    const token = await login(t.app, reader.email, reader.password);
    expect((await t.app.inject({ url: `/api/claim/${claim.id}`, headers: bearer(token) })).statusCode).toBe(200);
    const refused = await patch(claim.id, token, { state: 'in_progress', note: 'Ser på den' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().right).toBe('requests.decide');
  });
});

describe('PATCH /api/claim/{id} by the member', () => {
  it('withdraws their own claim while it is sent or in progress, and nothing more', async () => {
    const { member, claim } = await newClaim();
    const otherState = await patch(claim.id, member.token, { state: 'in_progress' });
    expect(otherState.statusCode).toBe(422);
    expect(otherState.json().errors).toEqual({ state: ['Du kan bare trekke skademeldingen din.'] });
    const withNote = await patch(claim.id, member.token, { state: 'withdrawn', note: 'Fant gitaren igjen' });
    expect(withNote.statusCode).toBe(422);
    expect(withNote.json().errors).toEqual({ note: ['Merknaden skrives av medlemsservice.'] });

    const other = await insuredMember(t);
    expect((await patch(claim.id, other.token, { state: 'withdrawn' })).statusCode).toBe(404);

    await patch(claim.id, staff.token, { state: 'in_progress', note: 'Vi ser på saken.' });
    const withdrawn = await patch(claim.id, member.token, { state: 'withdrawn' });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data).toMatchObject({ state: 'withdrawn', outcome: null, note: null });
    const mails = await updates(member.id);
    expect(mails.at(-1)!.content).toContain('«Trukket»');
    expect(mails.at(-1)!.sender_id).toBeNull();
    expect((await patch(claim.id, member.token, { state: 'withdrawn' })).statusCode).toBe(409);

    const decided = await newClaim();
    await patch(decided.claim.id, staff.token, { state: 'decided', outcome: 'approved' });
    const late = await patch(decided.claim.id, decided.member.token, { state: 'withdrawn' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Skademeldingen er ferdig behandlet og kan ikke trekkes.');
  });
});

describe('GET /api/counters', () => {
  it('counts the claims sent or in progress as pending-claims, beside the three queues', async () => {
    const before = await counters();
    expect(Object.keys(before).sort()).toEqual(['pending-claims', 'pending-instruments', 'pending-memberships', 'pending-travel']);
    const first = await newClaim();
    const second = await newClaim();
    expect((await counters())['pending-claims']).toBe(before['pending-claims'] + 2);
    await patch(first.claim.id, staff.token, { state: 'in_progress', note: 'Ser på den' });
    expect((await counters())['pending-claims']).toBe(before['pending-claims'] + 2);
    await patch(first.claim.id, staff.token, { state: 'decided', outcome: 'approved' });
    await patch(second.claim.id, second.member.token, { state: 'withdrawn' });
    expect((await counters())['pending-claims']).toBe(before['pending-claims']);
    // The same number the queue answers for what waits.
    const waiting = await t.app.inject({ url: '/api/claim/list?filter[state]=sent,in_progress', headers: bearer(staff.token) });
    expect(waiting.json().total).toBe(before['pending-claims']);
    expect((await t.app.inject({ url: '/api/counters', headers: bearer(first.member.token) })).statusCode).toBe(403);
  });
});
