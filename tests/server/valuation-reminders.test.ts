/**
 * The valuation reminders: 'valuation-expiring' within the reminder days before an appraisal runs
 * out and 'valuation-renewal' within the days before the renewal (1 January) for instruments
 * still missing their documentation; each once, in the message log, through the mail queue;
 * never for an instrument no longer insured nor to an erased or blocked member. Staff edit and
 * preview the two templates with their placeholders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, settledMessage, type TestContext } from './helpers.ts';
import { PRODUCTS, createSubscription, signedIn, signedInStaff } from './factories-member-admin.ts';
import { addDays, addYears, appraisal, instrumentOf, receipt } from './valuation-factories.ts';
import { VALUATION_REMINDER_QUEUE, renewalDate, runValuationReminders } from '../../server/domain/insurance/valuation-reminders.ts';

let t: TestContext;
let staff: Awaited<ReturnType<typeof signedInStaff>>;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db);
}, 120_000);
afterAll(async () => t?.close());

/** A day in the middle of the year: the renewal (1 January 2027) is far off. */
const TODAY = '2026-06-15';
const run = (today = TODAY) => runValuationReminders(t.db, t.services.outbox, t.config.publicUrl, today);

/** A member with instrument insurance in force. */
async function insuredMember(input: { first_name?: string } = {}) {
  const member = await signedIn(t.app, t.db, { first_name: input.first_name ?? 'Kari', last_name: 'Nordmann' });
  const subscription = await createSubscription(t.db, {
    member_id: member.id,
    product_id: PRODUCTS.instrument,
    kind: 'instrument',
    state: 'active',
    subscription_start: '2025-01-01',
  });
  return { ...member, subscription };
}

/** An insured instrument whose appraisal runs out `daysLeft` days after `today`. */
async function appraisedExpiring(memberId: number, daysLeft: number, today = TODAY) {
  const id = await instrumentOf(t.db, memberId, 150_000, { make: 'Gibson', model: 'Les Paul' });
  await appraisal(t.db, id, memberId, addYears(addDays(today, daysLeft), -5));
  return id;
}

const mails = (memberId: number) =>
  t.db.query<{ id: number; subject: string; content: string; email_to: string }>(
    "SELECT id, subject, content, email_to FROM message_log WHERE member_id = $1 AND channel = 'email' ORDER BY id",
    [memberId],
  );
const reminders = (instrumentId: number) =>
  t.db.query<{ reason: string; about: string; message_id: number | null }>(
    'SELECT reason, about::text AS about, message_id FROM valuation_reminders WHERE instrument_id = $1 ORDER BY sent_at',
    [instrumentId],
  );

describe('before an appraisal runs out', () => {
  it('mails the member once, within the reminder days, with the instrument, the date and a link to their instruments', async () => {
    const kari = await insuredMember();
    const early = await appraisedExpiring(kari.id, 61);
    const due = await appraisedExpiring(kari.id, 60);

    expect((await run()).expiring).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = await mails(kari.id);
    expect(more).toEqual([]);
    expect(mail.subject).toBe('Taksten på instrumentet ditt går snart ut');
    expect(mail.email_to).toBe(kari.email);
    expect(mail.content).toContain('Hei Kari,');
    expect(mail.content).toContain(`Taksten på Gibson Les Paul er gyldig til ${addDays(TODAY, 60).split('-').reverse().join('.')}.`);
    expect(mail.content).toContain('forsikret for 150\u00a0000 kr');
    expect(mail.content).toContain('ikke er eldre enn 5 år for instrumenter over 100\u00a0000 kr');
    expect(mail.content).toContain(`href="http://portal.test/profile/edit/instrument-insurance/${kari.id}"`);
    expect(mail.content).toContain('Last opp ny takst');
    expect(await reminders(due)).toEqual([{ reason: 'expiring', about: addDays(TODAY, 60), message_id: mail.id }]);
    expect(await reminders(early)).toEqual([]);

    // A second run, and the next days up to the expiry, send nothing more for it.
    await run();
    await run(addDays(TODAY, 30));
    expect((await mails(kari.id)).map((row) => row.id)).toEqual([mail.id, expect.any(Number)]);
    expect(await reminders(due)).toHaveLength(1);
    expect((await reminders(early))[0]).toMatchObject({ reason: 'expiring', about: addDays(TODAY, 61) });

    // It leaves the queue and is sent.
    const sent = await settledMessage<{ status: string }>(t.db, 'SELECT status FROM message_log WHERE id = $1', [mail.id]);
    expect(sent.status).toBe('sent');
  });

  it('a new appraisal stops it; an appraisal already run out gets none', async () => {
    const kari = await insuredMember();
    const renewed = await appraisedExpiring(kari.id, 20);
    await appraisal(t.db, renewed, kari.id, addDays(TODAY, -3));
    await appraisedExpiring(kari.id, -1);
    await run();
    expect(await mails(kari.id)).toEqual([]);
  });
});

describe('never for an instrument no longer insured', () => {
  it('requested, deleted, ended, without insurance in force, or of an erased or blocked member', async () => {
    const kari = await insuredMember();
    const asked = await instrumentOf(t.db, kari.id, 150_000, { state: 'requested' });
    const deleted = await appraisedExpiring(kari.id, 10);
    await t.db.query("UPDATE instruments SET state = 'deleted', deleted_at = now() WHERE id = $1", [deleted]);
    const ended = await appraisedExpiring(kari.id, 10);
    await t.db.query('UPDATE instruments SET insurance_end = $2 WHERE id = $1', [ended, addDays(TODAY, -1)]);
    for (const id of [asked, deleted, ended]) await appraisal(t.db, id, kari.id, addYears(addDays(TODAY, 10), -5));

    const lapsed = await insuredMember();
    await t.db.query("UPDATE subscriptions SET state = 'ended', subscription_end = $2 WHERE id = $1", [lapsed.subscription, addDays(TODAY, -10)]);
    await appraisedExpiring(lapsed.id, 10);
    const erased = await insuredMember();
    await appraisedExpiring(erased.id, 10);
    await t.db.query('UPDATE accounts SET erased_at = now() WHERE id = $1', [erased.id]);
    const blocked = await insuredMember();
    await appraisedExpiring(blocked.id, 10);
    await t.db.query('UPDATE accounts SET blocked_access = true WHERE id = $1', [blocked.id]);

    await run();
    await run(addDays(renewalDate(TODAY), -5));
    for (const member of [kari, lapsed, erased, blocked]) expect(await mails(member.id)).toEqual([]);
    expect(await t.db.query('SELECT 1 FROM valuation_reminders WHERE instrument_id = ANY($1::int[])', [[asked, deleted, ended]])).toEqual([]);
  });
});

describe('before the renewal', () => {
  it('from 30 days before 1 January, once, for each instrument missing its documentation or with its appraisal run out', async () => {
    const ola = await insuredMember({ first_name: 'Ola' });
    const missing = await instrumentOf(t.db, ola.id, 150_000, { make: 'Yamaha', model: 'C7' });
    const expired = await instrumentOf(t.db, ola.id, 120_000, { make: 'Selmer', model: 'Mark VI' });
    await appraisal(t.db, expired, ola.id, '2019-03-12');
    const noReceipt = await instrumentOf(t.db, ola.id, 25_000, { make: 'Fender', model: 'Jazz Bass' });
    const documented = await instrumentOf(t.db, ola.id, 25_000);
    await receipt(t.db, documented, ola.id);
    const cheap = await instrumentOf(t.db, ola.id, 5_000);
    const endsBefore = await instrumentOf(t.db, ola.id, 150_000);
    await t.db.query("UPDATE instruments SET insurance_end = '2026-12-31' WHERE id = $1", [endsBefore]);

    expect(renewalDate('2026-12-01')).toBe('2027-01-01');
    await run('2026-12-01');
    expect(await mails(ola.id)).toEqual([]);

    expect((await run('2026-12-02')).renewal).toBe(3);
    const sent = await mails(ola.id);
    expect(sent.map((mail) => mail.subject)).toEqual(Array(3).fill('Dokumentasjon av instrumentet ditt før fornyelsen'));
    expect(sent[0].content).toContain('For Yamaha C7, forsikret for 150\u00a0000 kr, mangler vi en takst som ikke er eldre enn 5 år.');
    expect(sent[1].content).toContain(
      'For Selmer Mark VI, forsikret for 120\u00a0000 kr, mangler vi en takst som ikke er eldre enn 5 år (den forrige gikk ut 12.03.2024).',
    );
    expect(sent[2].content).toContain('For Fender Jazz Bass, forsikret for 25\u00a0000 kr, mangler vi en kvittering eller en takst.');
    for (const id of [missing, expired, noReceipt]) expect(await reminders(id)).toMatchObject([{ reason: 'renewal', about: '2027-01-01' }]);
    for (const id of [documented, cheap, endsBefore]) expect(await reminders(id)).toEqual([]);

    await run('2026-12-20');
    expect(await mails(ola.id)).toHaveLength(3);
    // The next year's renewal is another.
    await run('2027-12-15');
    expect(await mails(ola.id)).toHaveLength(6);
  });
});

describe('the job and its templates', () => {
  it('runs every morning through the queue', async () => {
    const [schedule] = await t.db.query<{ cron: string; timezone: string }>('SELECT cron, timezone FROM pgboss.schedule WHERE name = $1', [
      VALUATION_REMINDER_QUEUE,
    ]);
    expect(schedule).toEqual({ cron: '7 9 * * *', timezone: 'Europe/Oslo' });
  });

  it('staff edit the templates with their placeholders and preview them filled in', async () => {
    const [template] = await t.db.query<{ id: number }>("SELECT id FROM email_templates WHERE slug = 'valuation-expiring'");
    const call = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(staff.token), ...(payload ? { payload } : {}) });

    const shown = (await call('GET', `/api/emails/template/${template.id}`)).json().data;
    expect(shown.placeholders).toEqual(['first_name', 'last_name', 'instrument', 'value', 'expires_on', 'years', 'appraisal_above', 'button']);
    const unknown = await call('PATCH', `/api/emails/template/${template.id}`, { content: '<p>{instrument} {claim_number}</p>' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.content[0]).toMatch(/^Ukjent plassholder: \{claim_number\}/);
    const saved = await call('PATCH', `/api/emails/template/${template.id}`, {
      content: '<p>Hei {first_name}, {instrument} til {expires_on}.</p><p>{button}</p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const member = await insuredMember({ first_name: 'Åse' });
    const preview = (await call('GET', `/api/emails/template/${template.id}/preview?member_id=${member.id}`)).json().data;
    expect(preview.html).toContain('Hei Åse, Fender Stratocaster til 12.03.2027.');
    expect(preview.html).toContain(`href="http://portal.test/profile/edit/instrument-insurance/${member.id}"`);

    await appraisedExpiring(member.id, 5);
    await run();
    const [mail] = await mails(member.id);
    expect(mail.content).toContain(`Hei Åse, Gibson Les Paul til ${addDays(TODAY, 5).split('-').reverse().join('.')}.`);
  });
});
