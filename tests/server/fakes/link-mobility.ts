/** A fake LINK Mobility gateway: POST /sms/send, answers 1005 Queued unless told to refuse. */
import { startFake, type FakeServer } from './http.ts';

export interface FakeGateway extends FakeServer {
  /** Makes the next sends fail the way the gateway does, or succeed again with null. */
  refuseWith(answer: { status: number; resultCode: number; description: string } | null): void;
}

export async function startFakeLinkMobility(): Promise<FakeGateway> {
  let refusal: { status: number; resultCode: number; description: string } | null = null;
  let messageId = 0;
  const fake = await startFake((request) => {
    if (request.method !== 'POST' || request.url !== '/sms/send') return { status: 404, body: { description: 'Not found' } };
    if (refusal) return { status: refusal.status, body: { resultCode: refusal.resultCode, description: refusal.description } };
    return { status: 200, body: { messageId: `msg-${++messageId}`, resultCode: 1005, description: 'Queued' } };
  });
  return {
    ...fake,
    refuseWith(answer) {
      refusal = answer;
    },
  };
}

export const gatewayEnv = (url: string): Record<string, string> => ({
  SMS_URL: url,
  SMS_USERNAME: 'portal',
  SMS_PASSWORD: 'hemmelig',
  SMS_SOURCE: 'Musikere',
  SMS_PLATFORM_ID: 'SMSC',
  SMS_PLATFORM_PARTNER_ID: '4242',
});
