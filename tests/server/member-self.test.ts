import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, settledMessage, type TestContext } from './helpers.ts';
import { acceptMembership, clientAddress, createCampaign, signUpForm, uniquePhone } from './factories-member-self.ts';
import { gatewayEnv, startFakeLinkMobility, type FakeGateway } from './fakes/link-mobility.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

async function signedInMember(input: Parameters<typeof createAccount>[1] = {}) {
  const member = await createAccount(t.db, { role_id: 2, ...input });
  return { ...member, token: await login(t.app, member.email, member.password) };
}

/** Each call from its own address unless one is given, so the per-address code limit of one test never spills into another. */
const addCode = (memberId: number, token: string, payload: unknown, remoteAddress = clientAddress()) =>
  t.app.inject({ method: 'POST', url: `/api/member/${memberId}/add-code`, headers: bearer(token), payload: payload as object, remoteAddress });

const sendCard = (app: TestContext['app'], token: string, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/member/send-card', headers: bearer(token), payload: payload as object });

const campaignCodeOf = async (memberId: number) =>
  (await t.db.query<{ code: string | null }>('SELECT c.code FROM accounts a LEFT JOIN campaigns c ON c.id = a.campaign_id WHERE a.id = $1', [memberId]))[0]
    .code;

const smsLogOf = (memberId: number) =>
  t.db.query<{ email_to: string; sender_id: number; delivery: string; content: string; subject: string }>(
    "SELECT email_to, sender_id, delivery, content, subject FROM message_log WHERE member_id = $1 AND channel = 'sms' ORDER BY id",
    [memberId],
  );

describe('POST /api/member/{id}/add-code', () => {
  it('attaches an active code, in any letter case, and answers the campaign', async () => {
    const member = await signedInMember();
    const campaign = await createCampaign(t.db, { code: 'Jazz2026' });
    const response = await addCode(member.id, member.token, { campaign_code: 'JAZZ2026' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { campaign_code: 'Jazz2026', campaign: { id: campaign.id, name: campaign.name, code: 'Jazz2026' } },
    });
    expect(await campaignCodeOf(member.id)).toBe('Jazz2026');
    const profile = await t.app.inject({ url: `/api/member/${member.id}`, headers: bearer(member.token) });
    expect(profile.json().data.campaign_code).toBe('Jazz2026');
  });

  it("refuses an unknown or ended code with the spec's 'Ugyldig Kampanje kode' as at sign-up, and keeps the old code", async () => {
    const member = await signedInMember();
    const current = await createCampaign(t.db);
    await addCode(member.id, member.token, { campaign_code: current.code });
    const ended = await createCampaign(t.db, { endsInDays: -2 });
    for (const code of ['FINNES-IKKE', ended.code]) {
      const response = await addCode(member.id, member.token, { campaign_code: code });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        success: false,
        message: 'Ugyldig Kampanje kode',
        error: { campaign_code: ['Ugyldig Kampanje kode'] },
        errors: { campaign_code: ['Ugyldig Kampanje kode'] },
      });
    }
    expect(await campaignCodeOf(member.id)).toBe(current.code);
  });

  it('requires a code', async () => {
    const member = await signedInMember();
    const response = await addCode(member.id, member.token, {});
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false, error: { campaign_code: ['Feltet må fylles ut'] } });
  });

  it("answers 404 for another member's id and changes nothing", async () => {
    const member = await signedInMember();
    const other = await createAccount(t.db);
    const campaign = await createCampaign(t.db);
    const response = await addCode(other.id, member.token, { campaign_code: campaign.code });
    expect(response.statusCode).toBe(404);
    expect(await campaignCodeOf(other.id)).toBeNull();
  });

  it('refuses a blocked member with the blocked message', async () => {
    const member = await signedInMember();
    await t.db.query('UPDATE accounts SET blocked_access = true WHERE id = $1', [member.id]);
    const campaign = await createCampaign(t.db);
    const response = await addCode(member.id, member.token, { campaign_code: campaign.code });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Din konto har blitt sperret!');
    expect(await campaignCodeOf(member.id)).toBeNull();
  });

  it('lets staff add a code for a member', async () => {
    const staff = await createAccount(t.db, { role_id: 5 });
    const token = await login(t.app, staff.email, staff.password);
    const member = await createAccount(t.db);
    const campaign = await createCampaign(t.db);
    expect((await addCode(member.id, token, { campaign_code: campaign.code })).statusCode).toBe(200);
    expect(await campaignCodeOf(member.id)).toBe(campaign.code);
  });
});

describe('POST /api/member/send-card', () => {
  let memberNumber = 20000;
  async function memberWithCode(input: Parameters<typeof createAccount>[1] = {}) {
    const member = await signedInMember({ remote_id: ++memberNumber, ...input });
    await acceptMembership(t.db, member.id);
    const campaign = await createCampaign(t.db);
    await addCode(member.id, member.token, { campaign_code: campaign.code });
    return { ...member, campaign };
  }

  it('sends the member card and the message log records it', async () => {
    const member = await memberWithCode();
    const response = await sendCard(t.app, member.token, { member_id: member.id, phone_number: '912 34 567' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Ditt medlemskort har blitt tilsendt' });
    const [sms] = await smsLogOf(member.id);
    expect(sms).toMatchObject({ email_to: '91234567', sender_id: member.id, delivery: 'outbox', subject: 'Medlemskort' });
    expect(sms.content).toContain('Hei Kari!');
    expect(sms.content).toContain(member.campaign.code);
    expect(sms.content).toContain('Medlemskortet med QR-kode: http://portal.test/profile/card');
  });

  it('checks the phone number with the form messages', async () => {
    const member = await memberWithCode();
    const missing = await sendCard(t.app, member.token, { member_id: member.id });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ phone_number: ['Påkrevt felt'] });
    const short = await sendCard(t.app, member.token, { member_id: member.id, phone_number: '123 45' });
    expect(short.json().errors).toEqual({ phone_number: ['Telefonnummer må være minst 8-sifrede nummer'] });
    expect(await smsLogOf(member.id)).toEqual([]);
  });

  it('needs a campaign code on the member', async () => {
    const member = await signedInMember();
    const response = await sendCard(t.app, member.token, { member_id: member.id, phone_number: '91234567' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.campaign_code[0]).toMatch(/kampanjekode/);
    expect(await smsLogOf(member.id)).toEqual([]);
  });

  it("answers 404 for another member's card", async () => {
    const member = await memberWithCode();
    const other = await memberWithCode();
    const response = await sendCard(t.app, member.token, { member_id: other.id, phone_number: '91234567' });
    expect(response.statusCode).toBe(404);
    expect(await smsLogOf(other.id)).toEqual([]);
  });

  it('refuses a blocked member', async () => {
    const member = await memberWithCode();
    await t.db.query('UPDATE accounts SET blocked_access = true WHERE id = $1', [member.id]);
    const response = await sendCard(t.app, member.token, { member_id: member.id, phone_number: '91234567' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Din konto har blitt sperret!');
  });

  it('sends at most three cards an hour per member', async () => {
    const member = await memberWithCode();
    for (let i = 0; i < 3; i++) {
      expect((await sendCard(t.app, member.token, { member_id: member.id, phone_number: uniquePhone() })).statusCode).toBe(200);
    }
    const limited = await sendCard(t.app, member.token, { member_id: member.id, phone_number: uniquePhone() });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await smsLogOf(member.id)).toHaveLength(3);
  });
});

describe('member card: who, where to and how often', () => {
  let memberNumber = 40000;
  async function memberWithCode(input: Parameters<typeof createAccount>[1] = {}) {
    const member = await signedInMember({ remote_id: ++memberNumber, ...input });
    await acceptMembership(t.db, member.id);
    const campaign = await createCampaign(t.db);
    await t.db.query('UPDATE accounts SET campaign_id = $2 WHERE id = $1', [member.id, campaign.id]);
    return member;
  }

  it('refuses a fresh applicant who added a public code, and a member whose membership is not active', async () => {
    const applicant = await signedInMember({ role_id: 1 });
    const campaign = await createCampaign(t.db);
    expect((await addCode(applicant.id, applicant.token, { campaign_code: campaign.code })).statusCode).toBe(200);
    const refused = await sendCard(t.app, applicant.token, { member_id: applicant.id, phone_number: uniquePhone() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Medlemskortet kan sendes når medlemskapet ditt er godkjent.');

    const lapsed = await signedInMember();
    await t.db.query('UPDATE accounts SET campaign_id = $2 WHERE id = $1', [lapsed.id, campaign.id]);
    expect((await sendCard(t.app, lapsed.token, { member_id: lapsed.id, phone_number: uniquePhone() })).statusCode).toBe(403);
    expect(await smsLogOf(applicant.id)).toEqual([]);
    expect(await smsLogOf(lapsed.id)).toEqual([]);
  });

  it('sends only to Norwegian mobile numbers by default', async () => {
    const member = await memberWithCode();
    for (const phone of ['+882 1234 5678', '+237 6 12 34 56 78', '+46 70 123 45 67', '22 00 00 00', '0047 22000000']) {
      const response = await sendCard(t.app, member.token, { member_id: member.id, phone_number: phone });
      expect(response.statusCode, phone).toBe(422);
      expect(response.json().errors.phone_number, phone).toEqual(['Medlemskortet kan bare sendes til norske mobilnumre.']);
    }
    expect(await smsLogOf(member.id)).toEqual([]);
    expect((await sendCard(t.app, member.token, { member_id: member.id, phone_number: '+47 412 34 567' })).statusCode).toBe(200);
  });

  it('sends at most three cards an hour to one number, whoever asks', async () => {
    const phone = uniquePhone();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const member = await memberWithCode();
      statuses.push((await sendCard(t.app, member.token, { member_id: member.id, phone_number: phone })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("cuts the member's name short and lets no link through", async () => {
    const linker = await memberWithCode({ first_name: 'Ola www.svindel.no/premie' });
    await sendCard(t.app, linker.token, { member_id: linker.id, phone_number: uniquePhone() });
    const long = await memberWithCode({ first_name: 'A'.repeat(100) });
    await sendCard(t.app, long.token, { member_id: long.id, phone_number: uniquePhone() });
    const [linkSms] = await smsLogOf(linker.id);
    expect(linkSms.content).not.toMatch(/www\.|svindel\.no|\/premie/);
    expect(linkSms.content).toContain('Hei Ola wwwsvindelnoprem!');
    const [longSms] = await smsLogOf(long.id);
    expect(longSms.content).toContain(`Hei ${'A'.repeat(20)}!`);
    expect(longSms.content).not.toContain('A'.repeat(21));
  });
});

describe('member card: the overall limit and other countries', () => {
  let c: TestContext;
  beforeAll(async () => {
    c = await buildTestApp({ env: { SMS_CARDS_PER_HOUR: '2', SMS_COUNTRY_CODES: '47, +46' } });
  });
  afterAll(async () => c.close());

  it('sends to the configured countries and stops at the hourly total for everyone', async () => {
    const statuses: number[] = [];
    for (const phone of ['+46 70 123 45 67', uniquePhone(), uniquePhone()]) {
      const member = await createAccount(c.db, { remote_id: 50000 + statuses.length });
      await acceptMembership(c.db, member.id);
      const campaign = await createCampaign(c.db);
      await c.db.query('UPDATE accounts SET campaign_id = $2 WHERE id = $1', [member.id, campaign.id]);
      const token = await login(c.app, member.email, member.password);
      statuses.push((await sendCard(c.app, token, { member_id: member.id, phone_number: phone })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('refuses a country that is not listed, without claiming only Norwegian numbers work', async () => {
    const member = await createAccount(c.db);
    await acceptMembership(c.db, member.id);
    const campaign = await createCampaign(c.db);
    await c.db.query('UPDATE accounts SET campaign_id = $2 WHERE id = $1', [member.id, campaign.id]);
    const token = await login(c.app, member.email, member.password);
    const response = await sendCard(c.app, token, { member_id: member.id, phone_number: '+882 1234 5678' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.phone_number).toEqual(['Medlemskortet kan ikke sendes til dette nummeret. Bruk et norsk mobilnummer eller kontakt oss.']);
  });
});

describe('campaign code guesses', () => {
  it('one member may check ten codes in ten minutes, then gets 429', async () => {
    const member = await signedInMember();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await addCode(member.id, member.token, { campaign_code: `GJETT${i}` })).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(statuses[10]).toBe(429);
  });

  it('checks from one address are counted together, for add-code and sign-up alike', async () => {
    const address = clientAddress();
    const members = await Promise.all([signedInMember(), signedInMember()]);
    for (const member of members) {
      for (let i = 0; i < 10; i++) await addCode(member.id, member.token, { campaign_code: `PROBE${i}` }, address);
    }
    const third = await signedInMember();
    expect((await addCode(third.id, third.token, { campaign_code: 'PROBE-X' }, address)).statusCode).toBe(429);
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/member/register',
      remoteAddress: address,
      payload: signUpForm({ campaign_code: 'PROBE-Y' }),
    });
    expect(signUp.statusCode).toBe(429);
  });
});

describe('member card through the SMS gateway', () => {
  let gateway: FakeGateway;
  let g: TestContext;
  beforeAll(async () => {
    gateway = await startFakeLinkMobility();
    g = await buildTestApp({ env: { ...gatewayEnv(gateway.url), MESSAGE_RETRIES: '1' } });
  });
  afterAll(async () => {
    await g.close();
    await gateway.close();
  });

  let memberNumber = 31336;
  async function gatewayMember() {
    const member = await createAccount(g.db, { remote_id: ++memberNumber });
    const token = await login(g.app, member.email, member.password);
    const [campaign] = await g.db.query<{ id: number; code: string }>(
      "INSERT INTO campaigns (name, code, period_start, product_category_id) VALUES ('Vår', $1, current_date - 1, 1) RETURNING id, code",
      [`VAR${member.id}`],
    );
    await g.db.query('UPDATE accounts SET campaign_id = $2 WHERE id = $1', [member.id, campaign.id]);
    await acceptMembership(g.db, member.id);
    return { ...member, token, campaign };
  }

  it('hands the card to the gateway and logs it as sent', async () => {
    const member = await gatewayMember();
    const response = await sendCard(g.app, member.token, { member_id: member.id, phone_number: '91234567' });
    expect(response.statusCode).toBe(200);
    const logged = await settledMessage<{ delivery: string; status: string; attempts: number }>(
      g.db,
      'SELECT delivery, status, attempts FROM message_log WHERE member_id = $1',
      [member.id],
    );
    expect(logged).toEqual({ delivery: 'sms_gateway', status: 'sent', attempts: 1 });
    const sent = JSON.parse(gateway.requests.at(-1)!.body);
    expect(sent.destination).toBe('+4791234567');
    expect(sent.userData).toContain(`Medlemsnummer: ${memberNumber}`);
  });

  it('answers once the card is queued; a card the gateway refuses is tried again, then logged as failed', async () => {
    const member = await gatewayMember();
    gateway.refuseWith({ status: 200, resultCode: 1013, description: 'Invalid destination' });
    try {
      const response = await sendCard(g.app, member.token, { member_id: member.id, phone_number: '91234567' });
      expect(response.statusCode).toBe(200);
      expect(response.json().message).toBe('Ditt medlemskort har blitt tilsendt');
      const logged = await settledMessage<{ status: string; attempts: number; error: string }>(
        g.db,
        'SELECT status, attempts, error FROM message_log WHERE member_id = $1',
        [member.id],
      );
      expect(logged).toEqual({ status: 'failed', attempts: 2, error: expect.stringContaining('Invalid destination') });
    } finally {
      gateway.refuseWith(null);
    }
  });
});
