import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkMobilityTransport } from '../../server/adapters/sms.ts';
import { toE164 } from '../../server/lib/phone.ts';
import { loadConfig } from '../../server/config.ts';
import { gatewayEnv, startFakeLinkMobility, type FakeGateway } from './fakes/link-mobility.ts';

let gateway: FakeGateway;
beforeAll(async () => {
  gateway = await startFakeLinkMobility();
});
afterAll(async () => {
  await gateway.close();
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
