/**
 * Before sending: who the send reaches and who is left out by reason (erased, blocked, no consent,
 * no address for the channel), the send filled in for a member with its footer, and the test to
 * the staff user's own address and phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, settledMessage, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { areaGroup, areaMember, createDraft, uniqueArea } from './outreach-fixtures.ts';
import { readUnsubscribeToken } from '../../server/domain/outreach/unsubscribe-token.ts';

let t: TestContext;
let staff: { id: number; email: string; token: string };
let area: string;
let segment: number;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db, { phone: '912 34 567' });
  area = uniqueArea();
  segment = await areaGroup(t.db, area);
  ids = {
    anna: (await areaMember(t.db, area, { first_name: 'Anna', last_name: 'Aas', newsletter_2: true, phone: '41234567' })).id,
    bjorn: (await areaMember(t.db, area, { first_name: 'Bjørn', last_name: 'Berg', newsletter_2: true })).id,
    noConsent: (await areaMember(t.db, area, { first_name: 'Nei', last_name: 'Takk', newsletter_2: false, phone: '41234568' })).id,
    blocked: (await areaMember(t.db, area, { first_name: 'Sperret', last_name: 'Sperre', newsletter_2: true, blocked: true })).id,
    erased: (await areaMember(t.db, area, { first_name: 'Slettet', last_name: 'Slett', newsletter_2: true, erased: true })).id,
    noEmail: (
      await areaMember(t.db, area, { first_name: 'Uten', last_name: 'Epost', newsletter_2: true, email: 'medlem-77@uten-epost.invalid', phone: '+47 98765432' })
    ).id,
    nothing: (
      await areaMember(t.db, area, { first_name: 'Ingen', last_name: 'Adresse', newsletter_2: true, email: 'medlem-78@uten-epost.invalid', phone: '22334455' })
    ).id,
  };
});
afterAll(async () => t?.close());

const preview = async (id: number, query = '') => {
  const response = await t.app.inject({ url: `/api/outreach/${id}/preview${query}`, headers: bearer(staff.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe('GET /api/outreach/{id}/preview', () => {
  it('counts the recipients and those left out by reason, for each channel', async () => {
    const email = await createDraft(t.app, staff.token, { segment_id: segment, channel: 'email' });
    expect(await preview(email.id)).toMatchObject({ recipients: 2, excluded: { erased: 1, blocked: 1, no_consent: 1, no_address: 2 } });
    const sms = await createDraft(t.app, staff.token, { segment_id: segment, channel: 'sms', sms_text: 'Hei {first_name}' });
    // Anna and Uten have a Norwegian mobile; Bjørn none, Ingen a landline.
    expect(await preview(sms.id)).toMatchObject({ recipients: 2, excluded: { erased: 1, blocked: 1, no_consent: 1, no_address: 2 } });
    const both = await createDraft(t.app, staff.token, { segment_id: segment, channel: 'email_sms', sms_text: 'Hei {first_name}' });
    expect(await preview(both.id)).toMatchObject({ recipients: 3, excluded: { erased: 1, blocked: 1, no_consent: 1, no_address: 1 } });
    const required = await createDraft(t.app, staff.token, { segment_id: segment, kind: 'required', channel: 'email' });
    expect(await preview(required.id)).toMatchObject({ recipients: 3, excluded: { erased: 1, blocked: 1, no_consent: 0, no_address: 2 } });
  });

  it('fills in the first recipient by name, with the unsubscribe footer, and the SMS with its stop text', async () => {
    const draft = await createDraft(t.app, staff.token, {
      segment_id: segment,
      channel: 'email_sms',
      subject: 'Til {first_name}',
      body: '<p>Hei {first_name} {last_name}</p>',
      sms_text: 'Hei {first_name}',
    });
    const data = await preview(draft.id);
    expect(data.member).toEqual({ id: ids.anna, name: 'Anna Aas' });
    expect(data.subject).toBe('Til Anna');
    expect(data.body).toContain('<p>Hei Anna Aas</p>');
    expect(data.body).toContain('Du får denne e-posten fordi du har sagt ja til «Nyheter fra organisasjonen».');
    const link = /href="http:\/\/portal\.test\/unsubscribe\/([^"]+)">Meld deg av<\/a>/.exec(data.body);
    expect(link).not.toBeNull();
    expect(readUnsubscribeToken(t.services.keys, link![1])).toEqual({ memberId: ids.anna, kind: 'newsletter_2', outreachId: draft.id });
    expect(data.sms_text).toMatch(/^Hei Anna\nStopp: http:\/\/portal\.test\/unsubscribe\/\S+$/);

    const other = await preview(draft.id, `?member_id=${ids.bjorn}`);
    expect(other.member).toEqual({ id: ids.bjorn, name: 'Bjørn Berg' });
    expect(other.subject).toBe('Til Bjørn');
    expect((await t.app.inject({ url: `/api/outreach/${draft.id}/preview?member_id=${ids.erased}`, headers: bearer(staff.token) })).statusCode).toBe(404);
  });

  it('says in the footer of the required kind why it comes, with no way out', async () => {
    const draft = await createDraft(t.app, staff.token, { segment_id: segment, kind: 'required', channel: 'email_sms', sms_text: 'Hei {first_name}' });
    const data = await preview(draft.id);
    expect(data.body).toContain('Dette er nødvendig informasjon om medlemskapet ditt, og sendes til alle medlemmer.');
    expect(data.body).not.toContain('unsubscribe');
    expect(data.sms_text).toBe('Hei Anna');
  });
});

describe('POST /api/outreach/{id}/test', () => {
  it("sends the test to the staff user's own address and phone, marked [Test], outside the send", async () => {
    const draft = await createDraft(t.app, staff.token, {
      segment_id: segment,
      channel: 'email_sms',
      subject: 'Årsmøte for {first_name}',
      sms_text: 'Hei {first_name}',
    });
    const response = await t.app.inject({ method: 'POST', url: `/api/outreach/${draft.id}/test`, headers: bearer(staff.token) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.message).toBe(`Testen er sendt til ${staff.email} og +4791234567.`);
    const mail = await settledMessage<{ status: string; subject: string; outreach_id: number | null; list_unsubscribe: string | null }>(
      t.db,
      "SELECT status, subject, outreach_id, list_unsubscribe FROM message_log WHERE email_to = $1 AND channel = 'email'",
      [staff.email],
    );
    expect(mail).toMatchObject({ status: 'sent', subject: '[Test] Årsmøte for Siri', outreach_id: null });
    expect(mail.list_unsubscribe).toMatch(/^http:\/\/portal\.test\/api\/unsubscribe\//);
    const sms = await settledMessage<{ status: string; content: string }>(t.db, "SELECT status, content FROM message_log WHERE email_to = '+4791234567'");
    expect(sms.content).toMatch(/^Hei Siri\nStopp: /);
    // Nothing of the send itself: it is still a draft, with no recipients.
    const [row] = await t.db.query<{ state: string; n: number }>(
      'SELECT o.state, (SELECT count(*)::int FROM outreach_recipients r WHERE r.outreach_id = o.id) AS n FROM outreaches o WHERE o.id = $1',
      [draft.id],
    );
    expect(row).toEqual({ state: 'draft', n: 0 });
  });

  it('refuses an SMS test to a staff user without a mobile number', async () => {
    const other = await signedInStaff(t.app, t.db, { phone: null });
    const draft = await createDraft(t.app, other.token, { segment_id: segment, channel: 'sms', sms_text: 'Hei' });
    const response = await t.app.inject({ method: 'POST', url: `/api/outreach/${draft.id}/test`, headers: bearer(other.token) });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Du har ikke et norsk mobilnummer å sende test-SMS til. Legg det inn på din egen profil.');
  });
});
