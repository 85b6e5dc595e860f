/**
 * Drafts of a send: every check before anything is sent (Norwegian messages by field), changing and
 * deleting a draft, and who may: a case worker without 'outreach.send' is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { signedIn, signedInStaff } from './factories-member-admin.ts';
import { areaGroup, areaMember, createDraft, draftBody, sendDraft, uniqueArea } from './outreach-fixtures.ts';

let t: TestContext;
let token: string;
let segment: number;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await signedInStaff(t.app, t.db)).token;
  const area = uniqueArea();
  segment = await areaGroup(t.db, area);
  await areaMember(t.db, area, { newsletter_2: true });
});
afterAll(async () => t?.close());

const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/outreach', headers: bearer(token), payload });
const errorsOf = async (payload: object) => {
  const response = await post(payload);
  expect(response.statusCode, response.body).toBe(422);
  return response.json().errors as Record<string, string[]>;
};

describe('POST /api/outreach', () => {
  it('saves a draft with its group, kind and the names staff see', async () => {
    const response = await post(draftBody({ segment_id: segment, sms_text: null }));
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      segment_id: segment,
      kind: 'newsletter_2',
      kind_label: 'Nyheter fra organisasjonen',
      channel: 'email',
      state: 'draft',
      subject: 'Hei {first_name}',
      recipient_count: null,
      sent: 0,
      failed: 0,
      created_by: 'Siri Saksbehandler',
      send_at: null,
    });
    const list = await t.app.inject({ url: '/api/outreach', headers: bearer(token) });
    expect(list.json().data[0].id).toBe(data.id);
  });

  it('refuses a group that does not exist', async () => {
    expect((await errorsOf(draftBody({ segment_id: 999_999 }))).segment_id).toEqual(['Velg et utvalg som finnes']);
  });

  it('asks for a subject and a body for e-mail, and an SMS text for SMS', async () => {
    const email = await errorsOf(draftBody({ segment_id: segment, subject: ' ', body: '<p></p>' }));
    expect(email).toEqual({ subject: ['Feltet må fylles ut'], body: ['Feltet må fylles ut'] });
    const sms = await errorsOf(draftBody({ segment_id: segment, channel: 'sms', subject: '', body: '', sms_text: '' }));
    expect(sms).toEqual({ sms_text: ['Feltet må fylles ut'] });
    const both = await errorsOf(draftBody({ segment_id: segment, channel: 'email_sms', sms_text: null }));
    expect(both).toEqual({ sms_text: ['Feltet må fylles ut'] });
    // An SMS-only send needs neither subject nor body.
    expect((await post(draftBody({ segment_id: segment, channel: 'sms', subject: '', body: '', sms_text: 'Hei {first_name}' }))).statusCode).toBe(201);
  });

  it('refuses a subject over 200 characters and a body over 100 000', async () => {
    const errors = await errorsOf(draftBody({ segment_id: segment, subject: 'a'.repeat(201), body: `<p>${'a'.repeat(100_000)}</p>` }));
    expect(errors).toEqual({ subject: ['Emnet kan være høyst 200 tegn'], body: ['Teksten kan være høyst 100 000 tegn'] });
  });

  it('refuses an SMS over six parts, counting the stop text of an optional kind', async () => {
    const errors = await errorsOf(draftBody({ segment_id: segment, channel: 'sms', sms_text: 'a'.repeat(153 * 6) }));
    expect(errors.sms_text).toEqual(['SMS-en blir 7 deler med stopp-teksten; høyst 6 er tillatt']);
    // The required kind has no stop text: the same text fits.
    expect((await post(draftBody({ segment_id: segment, kind: 'required', channel: 'sms', sms_text: 'a'.repeat(153 * 6) }))).statusCode).toBe(201);
  });

  it('refuses a placeholder that does not exist, in each field', async () => {
    const errors = await errorsOf(
      draftBody({
        segment_id: segment,
        channel: 'email_sms',
        subject: 'Hei {fornavn}',
        body: '<p>{first_name} {kid} {kid}</p>',
        sms_text: 'Hei {member_number}',
      }),
    );
    expect(errors).toEqual({
      subject: ['Ukjent flettefelt: {fornavn}'],
      body: ['Ukjent flettefelt: {kid}'],
      sms_text: ['Ukjent flettefelt: {member_number}'],
    });
  });

  it('refuses a time that has passed, and one that is no time', async () => {
    expect((await errorsOf(draftBody({ segment_id: segment, send_at: new Date(Date.now() - 60_000).toISOString() }))).send_at).toEqual([
      'Tidspunktet har allerede vært. Velg et senere tidspunkt, eller send nå.',
    ]);
    expect((await post(draftBody({ segment_id: segment, send_at: 'i morgen' }))).statusCode).toBe(422);
  });

  it("refuses a link to the portal's own token routes, in the body and in the SMS", async () => {
    const links = [
      '<p><a href="http://portal.test/password/change?token=abc">Nytt passord</a></p>',
      '<p><a href="/unsubscribe/1.2.3.abcdefghijklmnopqrstuv">Meld av</a></p>',
      '<p><a href="http://PORTAL.test/api/unsubscribe/1.2.3.x">x</a></p>',
      '<p><a href="http://portal.test/verify/abc">Bekreft</a></p>',
      '<p>Gå til http://portal.test/?enrol=abc</p>',
    ];
    for (const body of links) {
      expect((await errorsOf(draftBody({ segment_id: segment, body }))).body, body).toEqual([
        'Lenker til portalens engangslenker (passord, bekreftelse, avmelding) kan ikke stå i en utsendelse.',
      ]);
    }
    expect(
      (await errorsOf(draftBody({ segment_id: segment, channel: 'sms', sms_text: 'Nytt passord: http://portal.test/password/change?token=x' }))).sms_text,
    ).toEqual(['Lenker til portalens engangslenker (passord, bekreftelse, avmelding) kan ikke stå i en utsendelse.']);
    // Other links, the portal's own pages included, are fine.
    const fine = '<p><a href="https://example.org/arsmote">Årsmøtet</a> og <a href="http://portal.test/profile">Min side</a></p>';
    expect((await post(draftBody({ segment_id: segment, body: fine }))).statusCode).toBe(201);
  });

  it('stores the body sanitised: no script, no remote image', async () => {
    const response = await post(
      draftBody({ segment_id: segment, body: '<p>Hei {first_name}</p><script>alert(1)</script><img src="https://elsewhere.example/p.gif">' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data.body).toBe('<p>Hei {first_name}</p>');
  });
});

describe('PATCH and DELETE /api/outreach/{id}', () => {
  it('changes a draft; a scheduled send goes back to draft; a started one answers 409', async () => {
    const draft = await createDraft(t.app, token, { segment_id: segment, send_at: new Date(Date.now() + 3_600_000).toISOString() });
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/outreach/${draft.id}`, headers: bearer(token), payload: { subject: 'Nytt emne' } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data.subject).toBe('Nytt emne');
    expect((await t.app.inject({ method: 'PATCH', url: `/api/outreach/${draft.id}`, headers: bearer(token), payload: { subject: '' } })).json().errors).toEqual(
      { subject: ['Feltet må fylles ut'] },
    );

    const { outreach } = await sendDraft(t.app, token, draft.id);
    expect(outreach.state).toBe('scheduled');
    const back = await t.app.inject({ method: 'PATCH', url: `/api/outreach/${draft.id}`, headers: bearer(token), payload: { send_at: null } });
    expect(back.json().data).toMatchObject({ state: 'draft', send_at: null });

    await sendDraft(t.app, token, draft.id);
    const refused = await t.app.inject({ method: 'PATCH', url: `/api/outreach/${draft.id}`, headers: bearer(token), payload: { subject: 'For sent' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Utsendelsen er startet og kan ikke endres.');
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/outreach/${draft.id}`, headers: bearer(token) });
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe('Bare utkast kan slettes.');
  });

  it('deletes a draft', async () => {
    const draft = await createDraft(t.app, token, { segment_id: segment });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/outreach/${draft.id}`, headers: bearer(token) })).statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/outreach/${draft.id}`, headers: bearer(token) })).statusCode).toBe(404);
  });
});

describe('who may send', () => {
  it('refuses a case worker without the right, and members', async () => {
    const draft = await createDraft(t.app, token, { segment_id: segment });
    const caseWorker = await signedIn(t.app, t.db, { role_id: 3 });
    const member = await signedIn(t.app, t.db);
    for (const caller of [caseWorker, member]) {
      for (const [method, url] of [
        ['GET', '/api/outreach'],
        ['POST', `/api/outreach/${draft.id}/send`],
        ['GET', `/api/outreach/${draft.id}/preview`],
      ] as const) {
        const response = await t.app.inject({ method, url, headers: bearer(caller.token), ...(method === 'POST' ? { payload: { confirm_count: 1 } } : {}) });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/outreach/${draft.id}/send`,
      headers: bearer(caseWorker.token),
      payload: { confirm_count: 1 },
    });
    expect(refused.json().right).toBe('outreach.send');
    const [row] = await t.db.query<{ state: string }>('SELECT state FROM outreaches WHERE id = $1', [draft.id]);
    expect(row.state).toBe('draft');
  });
});
