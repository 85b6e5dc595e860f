/**
 * Delivering a send at its pace, through a plain SMTP server: the headers of one-click unsubscribe
 * (RFC 8058) on what the server received, the footer of the required kind, each message in the
 * log naming its send; consent checked again when each member's turn comes; erased and blocked
 * members never reached; a scheduled send started when due.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { smtpTransport } from '../../server/adapters/mail.ts';
import { deliverOutreach } from '../../server/domain/outreach/outreach-delivery.ts';
import { startDueOutreaches } from '../../server/domain/outreach/outreach-send.ts';
import { readUnsubscribeToken } from '../../server/domain/outreach/unsubscribe-token.ts';
import { startFakeSmtp, type FakeSmtp } from './fakes/smtp.ts';
import { parseMail } from './fakes/mime.ts';
import { areaGroup, areaMember, createDraft, sendDraft, uniqueArea, until } from './outreach-fixtures.ts';

const PACE = 2;
let smtp: FakeSmtp;
let t: TestContext;
let token: string;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  t = await buildTestApp({ mail: smtpTransport(smtp.url), env: { OUTREACH_MAILS_PER_MINUTE: String(PACE), OUTREACH_SMS_PER_MINUTE: '1' } });
  token = (await signedInStaff(t.app, t.db)).token;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The next run of the send's delivery, now instead of a minute later. */
async function nextRun(id: number) {
  const [{ run }] = await t.db.query<{ run: number }>('SELECT delivery_run AS run FROM outreaches WHERE id = $1', [id]);
  await deliverOutreach(
    t.db,
    {
      jobs: t.services.jobs,
      outbox: t.services.outbox,
      publicUrl: t.config.publicUrl,
      keys: t.services.keys,
      mailsPerMinute: t.config.outreachMailsPerMinute,
      smsPerMinute: t.config.outreachSmsPerMinute,
    },
    { outreachId: id, run },
  );
}

const recipientStates = async (id: number) =>
  Object.fromEntries(
    (
      await t.db.query<{ state: string; n: number }>('SELECT state, count(*)::int AS n FROM outreach_recipients WHERE outreach_id = $1 GROUP BY state', [id])
    ).map((row) => [row.state, row.n]),
  );
const stateOf = async (id: number) => (await t.db.query<{ state: string }>('SELECT state FROM outreaches WHERE id = $1', [id]))[0].state;
const receivedBy = (email: string) => smtp.received.filter((mail) => mail.to === email);

describe('delivery through a plain SMTP server', () => {
  it('carries List-Unsubscribe and List-Unsubscribe-Post, the visible link, and the log names the send', async () => {
    const area = uniqueArea();
    const segment = await areaGroup(t.db, area);
    const anna = await areaMember(t.db, area, { first_name: 'Anna', newsletter_2: true });
    const draft = await createDraft(t.app, token, { segment_id: segment, subject: 'Årsmøte for {first_name}' });
    const { count, outreach } = await sendDraft(t.app, token, draft.id);
    expect(count).toBe(1);
    expect(outreach.state).toBe('sending');
    await until(() => receivedBy(anna.email).length === 1, 'the mail to reach the SMTP server');
    const mail = parseMail(receivedBy(anna.email)[0].raw);
    expect(mail.headers.subject).toBe('Årsmøte for Anna');
    const header = /^<(http:\/\/portal\.test\/api\/unsubscribe\/([^>]+))>$/.exec(mail.headers['list-unsubscribe']);
    expect(header, mail.headers['list-unsubscribe']).not.toBeNull();
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(readUnsubscribeToken(t.services.keys, header![2])).toEqual({ memberId: anna.id, kind: 'newsletter_2', outreachId: draft.id });
    expect(mail.html).toContain(`href="http://portal.test/unsubscribe/${header![2]}"`);
    expect(mail.text).toContain(`Meld deg av: http://portal.test/unsubscribe/${header![2]}`);

    await until(async () => (await stateOf(draft.id)) === 'done', 'the send to be done');
    const log = await t.app.inject({ url: `/api/emails/logs/list?filter[outreach_id]=${draft.id}`, headers: bearer(token) });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().data).toEqual([expect.objectContaining({ member_id: anna.id, outreach_id: draft.id, email_to: anna.email })]);
    const done = (await t.app.inject({ url: `/api/outreach/${draft.id}`, headers: bearer(token) })).json().data;
    expect(done).toMatchObject({ state: 'done', recipient_count: 1 });
    await until(async () => (await t.app.inject({ url: `/api/outreach/${draft.id}`, headers: bearer(token) })).json().data.sent === 1, 'sent to be counted');
  });

  it('gives a mail of the required kind no unsubscribe, but the line saying why it comes', async () => {
    const area = uniqueArea();
    const segment = await areaGroup(t.db, area);
    const ola = await areaMember(t.db, area, { first_name: 'Ola', newsletter_2: false });
    const draft = await createDraft(t.app, token, { segment_id: segment, kind: 'required' });
    await sendDraft(t.app, token, draft.id);
    await until(() => receivedBy(ola.email).length === 1, 'the mail to reach the SMTP server');
    const mail = parseMail(receivedBy(ola.email)[0].raw);
    expect(mail.headers['list-unsubscribe']).toBeUndefined();
    expect(mail.headers['list-unsubscribe-post']).toBeUndefined();
    expect(mail.html).toContain('Dette er nødvendig informasjon om medlemskapet ditt, og sendes til alle medlemmer.');
    expect(mail.html).not.toContain('/unsubscribe/');
  });
});

describe('consent and the pace', () => {
  it('queues PACE mails a run; a member who says no after the send was queued gets nothing', async () => {
    const area = uniqueArea();
    const segment = await areaGroup(t.db, area);
    const members: { id: number; email: string }[] = [];
    for (let i = 0; i < 5; i += 1) members.push(await areaMember(t.db, area, { first_name: `M${i}`, newsletter_2: true }));
    const draft = await createDraft(t.app, token, { segment_id: segment });
    const { count } = await sendDraft(t.app, token, draft.id);
    expect(count).toBe(5);
    // The first run (queued with the send) takes PACE; the next waits a minute.
    await until(async () => (await recipientStates(draft.id)).queued === PACE, 'the first run');
    expect(await recipientStates(draft.id)).toEqual({ queued: PACE, pending: 5 - PACE });

    // Members are taken by id: the third says no now, the fourth is blocked now.
    await t.db.query('UPDATE accounts SET newsletter_2 = false WHERE id = $1', [members[2].id]);
    await t.db.query('UPDATE accounts SET blocked_access = true WHERE id = $1', [members[3].id]);
    await nextRun(draft.id);
    expect(await recipientStates(draft.id)).toEqual({ queued: PACE, skipped: 2, pending: 1 });
    await nextRun(draft.id);
    expect(await recipientStates(draft.id)).toEqual({ queued: PACE + 1, skipped: 2 });
    expect(await stateOf(draft.id)).toBe('done');

    const reasons = await t.db.query<{ member_id: number; reason: string }>(
      "SELECT member_id, reason FROM outreach_recipients WHERE outreach_id = $1 AND state = 'skipped' ORDER BY member_id",
      [draft.id],
    );
    expect(reasons).toEqual([
      { member_id: members[2].id, reason: 'no_consent' },
      { member_id: members[3].id, reason: 'blocked' },
    ]);
    await until(() => [0, 1, 4].every((i) => receivedBy(members[i].email).length === 1), 'the three mails');
    expect(receivedBy(members[2].email)).toEqual([]);
    expect(receivedBy(members[3].email)).toEqual([]);
    const logged = await t.db.query('SELECT 1 FROM message_log WHERE member_id = ANY($1::int[])', [[members[2].id, members[3].id]]);
    expect(logged).toEqual([]);
  });

  it('never reaches an erased or blocked member, nor one without consent, by any route', async () => {
    const area = uniqueArea();
    const segment = await areaGroup(t.db, area);
    const yes = await areaMember(t.db, area, { newsletter_3: true });
    const erased = await areaMember(t.db, area, { newsletter_3: true, erased: true });
    const blocked = await areaMember(t.db, area, { newsletter_3: true, blocked: true });
    const no = await areaMember(t.db, area, { newsletter_3: false });
    const draft = await createDraft(t.app, token, { segment_id: segment, kind: 'newsletter_3' });
    // Confirming a count that includes those left out does not send to them: the count has changed.
    const refused = await t.app.inject({ method: 'POST', url: `/api/outreach/${draft.id}/send`, headers: bearer(token), payload: { confirm_count: 4 } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Antallet mottakere er endret siden du så det. Nå får 1 utsendelsen; bekreft på nytt.', count: 1 });
    expect(await recipientStates(draft.id)).toEqual({});
    expect(await stateOf(draft.id)).toBe('draft');
    await sendDraft(t.app, token, draft.id);
    await until(async () => (await stateOf(draft.id)) === 'done', 'the send to be done');
    const again = await t.app.inject({ method: 'POST', url: `/api/outreach/${draft.id}/send`, headers: bearer(token), payload: { confirm_count: 1 } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Utsendelsen er allerede sendt eller planlagt.' });
    await until(() => receivedBy(yes.email).length === 1, 'the one mail');
    for (const member of [erased, blocked, no]) expect(receivedBy(member.email)).toEqual([]);
    const logged = await t.db.query('SELECT member_id FROM message_log WHERE outreach_id = $1', [draft.id]);
    expect(logged).toEqual([{ member_id: yes.id }]);
  });

  it('answers 409 with the new count when the group changed, and 422 for a group nobody can get', async () => {
    const area = uniqueArea();
    const segment = await areaGroup(t.db, area);
    await areaMember(t.db, area, { newsletter_2: true });
    const draft = await createDraft(t.app, token, { segment_id: segment });
    const preview = (await t.app.inject({ url: `/api/outreach/${draft.id}/preview`, headers: bearer(token) })).json().data;
    expect(preview.recipients).toBe(1);
    await areaMember(t.db, area, { newsletter_2: true });
    const send = await t.app.inject({ method: 'POST', url: `/api/outreach/${draft.id}/send`, headers: bearer(token), payload: { confirm_count: 1 } });
    expect(send.statusCode).toBe(409);
    expect(send.json().count).toBe(2);
    expect(await stateOf(draft.id)).toBe('draft');

    const empty = await areaGroup(t.db, uniqueArea());
    const nobody = await createDraft(t.app, token, { segment_id: empty });
    const refused = await t.app.inject({ method: 'POST', url: `/api/outreach/${nobody.id}/send`, headers: bearer(token), payload: { confirm_count: 0 } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Ingen i utvalget kan få denne utsendelsen (alle mangler samtykke, adresse eller er sperret).');
    expect(await stateOf(nobody.id)).toBe('draft');
  });

  it('starts a scheduled send when its time has come', async () => {
    const area = uniqueArea();
    const segment = await areaGroup(t.db, area);
    const kari = await areaMember(t.db, area, { newsletter_2: true });
    const draft = await createDraft(t.app, token, { segment_id: segment, send_at: new Date(Date.now() + 3_600_000).toISOString() });
    const { outreach } = await sendDraft(t.app, token, draft.id);
    expect(outreach.state).toBe('scheduled');
    expect(await startDueOutreaches(t.db, t.services.jobs)).toBe(0);
    expect(await recipientStates(draft.id)).toEqual({});
    await t.db.query("UPDATE outreaches SET send_at = now() - interval '1 second' WHERE id = $1", [draft.id]);
    expect(await startDueOutreaches(t.db, t.services.jobs)).toBe(1);
    await until(() => receivedBy(kari.email).length === 1, 'the scheduled mail');
    await until(async () => (await stateOf(draft.id)) === 'done', 'the send to be done');
  });
});
