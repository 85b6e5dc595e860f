import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, settledMessage, type TestContext } from './helpers.ts';
import { createCampaign } from './factories-member-self.ts';
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

const addCode = (memberId: number, token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/member/${memberId}/add-code`, headers: bearer(token), payload: payload as object });

const sendCard = (app: TestContext['app'], token: string, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/member/send-card', headers: bearer(token), payload: payload as object });

const campaignCodeOf = async (memberId: number) =>
  (await t.db.query<{ code: string | null }>(
    'SELECT c.code FROM accounts a LEFT JOIN campaigns c ON c.id = a.campaign_id WHERE a.id = $1',
    [memberId],
  ))[0].code;

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

  it('refuses an unknown or ended code in the shape the profile reads, and keeps the old code', async () => {
    const member = await signedInMember();
    const current = await createCampaign(t.db);
    await addCode(member.id, member.token, { campaign_code: current.code });
    const ended = await createCampaign(t.db, { endsInDays: -2 });
    for (const code of ['FINNES-IKKE', ended.code]) {
      const response = await addCode(member.id, member.token, { campaign_code: code });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        success: false,
        message: 'Ugyldig kampanjekode',
        error: { campaign_code: ['Ugyldig kampanjekode'] },
        errors: { campaign_code: ['Ugyldig kampanjekode'] },
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
    const staff = await createAccount(t.db, { role_id: 3 });
    const token = await login(t.app, staff.email, staff.password);
    const member = await createAccount(t.db);
    const campaign = await createCampaign(t.db);
    expect((await addCode(member.id, token, { campaign_code: campaign.code })).statusCode).toBe(200);
    expect(await campaignCodeOf(member.id)).toBe(campaign.code);
  });
});

describe('POST /api/member/send-card', () => {
  let memberNumber = 20000;
  async function memberWithCode() {
    const member = await signedInMember({ remote_id: ++memberNumber });
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
      expect((await sendCard(t.app, member.token, { member_id: member.id, phone_number: '91234567' })).statusCode).toBe(200);
    }
    const limited = await sendCard(t.app, member.token, { member_id: member.id, phone_number: '91234567' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await smsLogOf(member.id)).toHaveLength(3);
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
