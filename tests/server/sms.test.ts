import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkMobilityTransport, outboxSmsTransport } from '../../server/adapters/sms.ts';
import { toE164 } from '../../server/lib/phone.ts';
import { sendSms } from '../../server/domain/sms.ts';
import { loadConfig } from '../../server/config.ts';
import { createAccount, freshDatabase, type TestDatabase } from './helpers.ts';
import { gatewayEnv, startFakeLinkMobility, type FakeGateway } from './fakes/link-mobility.ts';

let gateway: FakeGateway;
let database: TestDatabase;
beforeAll(async () => {
  gateway = await startFakeLinkMobility();
  database = await freshDatabase();
});
afterAll(async () => {
  await gateway.close();
  await database.drop();
});

const client = () => linkMobilityTransport(loadConfig(gatewayEnv(gateway.url)).sms!);

describe('phone numbers for the gateway', () => {
  it('puts +47 in front of Norwegian numbers and keeps international ones', () => {
    expect(toE164('912 34 567')).toBe('+4791234567');
    expect(toE164('0047 91234567')).toBe('+4791234567');
    expect(toE164('+46 70 123 45 67')).toBe('+46701234567');
    expect(toE164('1234567')).toBeNull();
    expect(toE164('tlf 91234567')).toBeNull();
  });
});

describe('LINK Mobility client', () => {
  it('posts the message as JSON with Basic auth to /sms/send', async () => {
    gateway.refuseWith(null);
    const before = gateway.requests.length;
    await client().send({ to: '912 34 567', text: 'Hei Kari! Medlemskortet ditt.' });
    const [request] = gateway.requests.slice(before);
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/sms/send');
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from('portal:hemmelig').toString('base64')}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      source: 'Musikere',
      destination: '+4791234567',
      userData: 'Hei Kari! Medlemskortet ditt.',
      platformId: 'SMSC',
      platformPartnerId: '4242',
      ignoreResponse: false,
    });
  });

  it("fails with the gateway's description when it does not queue the message", async () => {
    gateway.refuseWith({ status: 200, resultCode: 1013, description: 'Invalid destination' });
    await expect(client().send({ to: '91234567', text: 'x' })).rejects.toThrow(/Invalid destination/);
    gateway.refuseWith({ status: 401, resultCode: 1002, description: 'Authentication failed' });
    await expect(client().send({ to: '91234567', text: 'x' })).rejects.toThrow(/HTTP 401.*Authentication failed/);
    gateway.refuseWith(null);
  });

  it('fails when the gateway cannot be reached', async () => {
    const closed = await startFakeLinkMobility();
    await closed.close();
    const unreachable = linkMobilityTransport(loadConfig(gatewayEnv(closed.url)).sms!);
    await expect(unreachable.send({ to: '91234567', text: 'x' })).rejects.toThrow(/svarte ikke/);
  });
});

describe('sendSms', () => {
  const messagesTo = (phone: string) =>
    database.db.query<{ channel: string; delivery: string; error: string | null; sender_id: number; member_id: number; content: string; subject: string }>(
      'SELECT channel, delivery, error, sender_id, member_id, content, subject FROM message_log WHERE email_to = $1 ORDER BY id',
      [phone],
    );

  it('logs a message kept in the outbox when no gateway is configured', async () => {
    const member = await createAccount(database.db);
    await sendSms(database.db, outboxSmsTransport, { to: '40000001', text: 'Hei', subject: 'Medlemskort', memberId: member.id, senderId: member.id });
    expect(await messagesTo('40000001')).toEqual([
      { channel: 'sms', delivery: 'outbox', error: null, sender_id: member.id, member_id: member.id, content: 'Hei', subject: 'Medlemskort' },
    ]);
  });

  it('logs a message the gateway took', async () => {
    gateway.refuseWith(null);
    await sendSms(database.db, client(), { to: '40000002', text: 'Hei', subject: 'Medlemskort', memberId: null, senderId: null });
    expect((await messagesTo('40000002')).map((row) => row.delivery)).toEqual(['sms_gateway']);
  });

  it('logs a failed message with the reason and throws', async () => {
    gateway.refuseWith({ status: 200, resultCode: 1013, description: 'Invalid destination' });
    await expect(
      sendSms(database.db, client(), { to: '40000003', text: 'Hei', subject: 'Medlemskort', memberId: null, senderId: null }),
    ).rejects.toThrow(/kunne ikke sendes/);
    const [logged] = await messagesTo('40000003');
    expect(logged.delivery).toBe('failed');
    expect(logged.error).toMatch(/Invalid destination/);
    gateway.refuseWith(null);
  });
});
