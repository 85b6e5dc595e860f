/**
 * Reminders and lapse: the first and second reminder at their days after the due date by e-mail
 * and SMS, never to a paid, credited or paused invoice (stopped with its reason instead), never
 * twice; lapse ends the membership and the covers, and the office gets one mail per run listing
 * the lapsed members; staff run the job and pause an invoice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, login, settledMessage, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { activeTravel, billedMember, firstInvoice } from './billing-factories.ts';
import { OSLO_TODAY } from '../../server/domain/billing/invoices.ts';
import { lapseCandidates, lapseInvoice, remindInvoice, remindInvoices, runReminders, STOPPED } from '../../server/domain/billing/reminders.ts';
import { formatKroner } from '../../server/domain/billing/money.ts';

let t: TestContext;
let staff: { id: number; token: string };

beforeAll(async () => {
  t = await buildTestApp();
  staff = await signedInStaff(t.app, t.db, { first_name: 'Ingrid', last_name: 'Berg' });
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object = {}, token = staff.token) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

/** A member with an open first invoice due `daysAgo` days ago; a mobile number unless told otherwise. */
async function overdueInvoice(daysAgo: number, { phone = '912 34 567', travel = false } = {}) {
  const member = await billedMember(t.db, { first_name: 'Kari', last_name: 'Nordmann' });
  await t.db.query('UPDATE accounts SET phone = $2 WHERE id = $1', [member.id, phone]);
  const travelId = travel ? await activeTravel(t.db, member.id) : null;
  const id = await firstInvoice(t.db, t.config, member, '2026-03-01');
  await t.db.query(`UPDATE invoices SET due_date = ${OSLO_TODAY} - $2::int, invoice_date = ${OSLO_TODAY} - $2::int - 14, state = 'sent' WHERE id = $1`, [
    id,
    daysAgo,
  ]);
  return { id, member, travelId };
}

const reminders = (invoiceId: number) =>
  t.db.query<{ level: number; status: string; reason: string | null; email_message_id: number | null; sms_message_id: number | null }>(
    'SELECT level, status, reason, email_message_id::int, sms_message_id::int FROM invoice_reminders WHERE invoice_id = $1 ORDER BY level',
    [invoiceId],
  );
const messages = (memberId: number) =>
  t.db.query<{ channel: string; subject: string; content: string }>('SELECT channel, subject, content FROM message_log WHERE member_id = $1 ORDER BY id', [
    memberId,
  ]);
const history = (invoiceId: number) =>
  t.db.query<{ to_state: string; reason: string | null }>('SELECT to_state, reason FROM invoice_events WHERE invoice_id = $1 ORDER BY id', [invoiceId]);
const stateOf = async (invoiceId: number) => (await t.db.query<{ state: string }>('SELECT state FROM invoices WHERE id = $1', [invoiceId]))[0].state;

describe('reminders', () => {
  it('sends the first reminder at its day by e-mail and SMS, and not before', async () => {
    const early = await overdueInvoice(13);
    const due = await overdueInvoice(14);
    await runReminders(t.db, t.services.outbox, t.config);

    expect(await reminders(early.id)).toEqual([]);
    expect(await messages(early.member.id)).toEqual([]);
    const [first] = await reminders(due.id);
    expect(first).toMatchObject({ level: 1, status: 'sent' });
    const sent = await messages(due.member.id);
    expect(sent.map((message) => message.channel)).toEqual(['email', 'sms']);
    expect(sent[0].subject).toMatch(/^Påminnelse: faktura \d+ er ikke betalt$/);
    expect(sent[0].content).toContain('KID');
    expect(sent[1].content).toMatch(/^Første purring: faktura \d+/);
    expect(await stateOf(due.id)).toBe('reminded');
    expect((await history(due.id)).at(-1)).toEqual({ to_state: 'reminded', reason: 'Første purring sendt på e-post og SMS' });
  });

  it('sends the second reminder at its day, and e-mail only to a member without a mobile', async () => {
    const invoice = await overdueInvoice(14, { phone: '22 33 44 55' });
    await runReminders(t.db, t.services.outbox, t.config);
    await t.db.query(`UPDATE invoices SET due_date = ${OSLO_TODAY} - 28, invoice_date = ${OSLO_TODAY} - 42 WHERE id = $1`, [invoice.id]);
    await runReminders(t.db, t.services.outbox, t.config);

    expect((await reminders(invoice.id)).map((row) => [row.level, row.status])).toEqual([
      [1, 'sent'],
      [2, 'sent'],
    ]);
    const sent = await messages(invoice.member.id);
    expect(sent.map((message) => message.channel)).toEqual(['email', 'email']);
    expect(sent[1].subject).toMatch(/^Andre påminnelse/);
    expect((await history(invoice.id)).at(-1)?.reason).toBe('Andre purring sendt på e-post');
  });

  it('running twice sends nothing twice', async () => {
    const invoice = await overdueInvoice(30);
    await runReminders(t.db, t.services.outbox, t.config);
    await runReminders(t.db, t.services.outbox, t.config);
    expect(await remindInvoice(t.db, t.services.outbox, t.config, invoice.id, 2)).toBe('none');
    expect(await remindInvoice(t.db, t.services.outbox, t.config, invoice.id, 1)).toBe('none');
    // Found late, it gets the second reminder only, once.
    expect((await reminders(invoice.id)).map((row) => row.level)).toEqual([2]);
    expect(await messages(invoice.member.id)).toHaveLength(2);
  });

  it('sends none to a paid or credited invoice', async () => {
    const paid = await overdueInvoice(20);
    const [{ total_ore: total }] = await t.db.query<{ total_ore: number }>('SELECT total_ore FROM invoices WHERE id = $1', [paid.id]);
    expect((await post(`/api/invoice/${paid.id}/payment`, { amount: total, paid_on: '2026-03-05', method: 'bank' })).statusCode).toBe(201);
    const credited = await overdueInvoice(20);
    expect((await post(`/api/invoice/${credited.id}/credit`, { reason: 'Feil pris' })).statusCode).toBe(200);
    await runReminders(t.db, t.services.outbox, t.config);
    expect(await messages(paid.member.id)).toEqual([]);
    expect(await messages(credited.member.id)).toEqual([]);

    // Had they been read as candidates just before, the locked read stops them with the reason.
    expect(await remindInvoice(t.db, t.services.outbox, t.config, paid.id, 1)).toBe('stopped');
    expect(await remindInvoice(t.db, t.services.outbox, t.config, credited.id, 1)).toBe('stopped');
    expect(await reminders(paid.id)).toMatchObject([{ level: 1, status: 'stopped', reason: STOPPED.paid, email_message_id: null }]);
    expect(await reminders(credited.id)).toMatchObject([{ level: 1, status: 'stopped', reason: STOPPED.credited }]);
    expect((await history(paid.id)).at(-1)?.reason).toBe(`Første purring ikke sendt. ${STOPPED.paid}`);
    expect(await messages(paid.member.id)).toEqual([]);
  });

  it('a payment arriving after the candidates were read stops the reminder', async () => {
    const invoice = await overdueInvoice(15);
    const [{ total_ore: total }] = await t.db.query<{ total_ore: number }>('SELECT total_ore FROM invoices WHERE id = $1', [invoice.id]);
    expect((await post(`/api/invoice/${invoice.id}/payment`, { amount: total, paid_on: '2026-03-05', method: 'bank' })).statusCode).toBe(201);
    expect(await remindInvoice(t.db, t.services.outbox, t.config, invoice.id, 1)).toBe('stopped');
    expect(await messages(invoice.member.id)).toEqual([]);
    expect(await stateOf(invoice.id)).toBe('paid');
  });

  it('handles a batch in one go: each invoice as it is now (sent, paid since, paused, had it already), in order', async () => {
    const send = await overdueInvoice(16);
    const noMobile = await overdueInvoice(16, { phone: '' });
    const paidSince = await overdueInvoice(16);
    const [{ total_ore: total }] = await t.db.query<{ total_ore: number }>('SELECT total_ore FROM invoices WHERE id = $1', [paidSince.id]);
    expect((await post(`/api/invoice/${paidSince.id}/payment`, { amount: total, paid_on: '2026-03-05', method: 'bank' })).statusCode).toBe(201);
    const paused = await overdueInvoice(16);
    await t.db.query(`UPDATE invoices SET reminders_paused_until = ${OSLO_TODAY} + 3, reminders_paused_reason = 'Avtale' WHERE id = $1`, [paused.id]);
    const had = await overdueInvoice(16);
    expect(await remindInvoice(t.db, t.services.outbox, t.config, had.id, 1)).toBe('sent');

    const outcomes = await remindInvoices(t.db, t.services.outbox, t.config, [
      { id: send.id, level: 1 },
      { id: paidSince.id, level: 1 },
      { id: paused.id, level: 1 },
      { id: had.id, level: 1 },
      { id: noMobile.id, level: 1 },
    ]);
    expect(outcomes).toEqual(['sent', 'stopped', 'stopped', 'none', 'sent']);
    expect((await messages(send.member.id)).map((message) => message.channel)).toEqual(['email', 'sms']);
    expect((await messages(noMobile.member.id)).map((message) => message.channel)).toEqual(['email']);
    expect((await history(noMobile.id)).at(-1)).toEqual({ to_state: 'reminded', reason: 'Første purring sendt på e-post' });
    // The reminder mail names its invoice (its PDF goes with it).
    const [mail] = await t.db.query<{ invoice_id: number }>("SELECT invoice_id FROM message_log WHERE member_id = $1 AND channel = 'email'", [send.member.id]);
    expect(mail.invoice_id).toBe(send.id);
    expect(await reminders(send.id)).toMatchObject([{ level: 1, status: 'sent' }]);
    expect((await reminders(send.id))[0].email_message_id).not.toBeNull();
    expect((await reminders(send.id))[0].sms_message_id).not.toBeNull();
    expect(await reminders(paidSince.id)).toMatchObject([{ level: 1, status: 'stopped', reason: STOPPED.paid }]);
    expect(await messages(paidSince.member.id)).toEqual([]);
    expect(await reminders(paused.id)).toEqual([]);
    expect((await history(paused.id)).at(-1)?.reason).toMatch(/^Første purring ikke sendt\. Stoppet: purring er utsatt til \d{2}\.\d{2}\.\d{4}$/);
    expect(await stateOf(paused.id)).toBe('sent');
    expect((await messages(had.member.id)).filter((message) => message.channel === 'email')).toHaveLength(1);
  });

  it('staff pause an invoice’s reminders with a reason; a paused invoice gets none until the date', async () => {
    const invoice = await overdueInvoice(20);
    const until = (await t.db.query<{ d: string }>(`SELECT (${OSLO_TODAY} + 10)::text AS d`))[0].d;
    const paused = await post(`/api/invoice/${invoice.id}/pause-reminders`, { until, reason: 'Betaler etter avtale' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().data.reminders_paused_until).toBe(until);
    await runReminders(t.db, t.services.outbox, t.config);
    expect(await messages(invoice.member.id)).toEqual([]);
    expect(await remindInvoice(t.db, t.services.outbox, t.config, invoice.id, 1)).toBe('stopped');
    expect(await messages(invoice.member.id)).toEqual([]);
    const reasons = (await history(invoice.id)).map((event) => event.reason);
    expect(reasons).toContain(`Purring utsatt til ${until.split('-').reverse().join('.')}: Betaler etter avtale`);
    expect(reasons.at(-1)).toMatch(/^Første purring ikke sendt\. Stoppet: purring er utsatt til /);
    // The pause over, the reminder goes.
    await t.db.query(`UPDATE invoices SET reminders_paused_until = ${OSLO_TODAY} - 1 WHERE id = $1`, [invoice.id]);
    await runReminders(t.db, t.services.outbox, t.config);
    expect((await messages(invoice.member.id)).length).toBeGreaterThan(0);
  });

  it('refuses a pause in the past, more than a year ahead or without a reason', async () => {
    const invoice = await overdueInvoice(1);
    const past = await post(`/api/invoice/${invoice.id}/pause-reminders`, { until: '2020-01-01', reason: 'x' });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.until).toEqual(['Datoen kan ikke være tilbake i tid.']);
    const late = await post(`/api/invoice/${invoice.id}/pause-reminders`, { until: '2099-01-01', reason: ' ' });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual({ until: ['Purring kan utsettes høyst ett år frem i tid.'], reason: ['Skriv hvorfor purringen utsettes.'] });
  });
});

describe('lapse', () => {
  it('ends the membership and the covers of an invoice still open at the lapse day, and tells the member', async () => {
    const invoice = await overdueInvoice(60, { travel: true });
    expect(await lapseCandidates(t.db, t.config)).toContain(invoice.id);
    expect(await lapseInvoice(t.db, t.services.outbox, invoice.id)).toBe(true);

    expect(await stateOf(invoice.id)).toBe('lapsed');
    const subscriptions = await t.db.query<{ kind: string; state: string; ended_today: boolean }>(
      `SELECT kind, state, subscription_end = (now() AT TIME ZONE 'Europe/Oslo')::date AS ended_today
         FROM subscriptions WHERE member_id = $1 ORDER BY kind`,
      [invoice.member.id],
    );
    expect(subscriptions).toEqual([
      { kind: 'membership', state: 'ended', ended_today: true },
      { kind: 'travel', state: 'ended', ended_today: true },
    ]);
    const [mail] = await messages(invoice.member.id);
    expect(mail.subject).toBe('Medlemskapet ditt har opphørt');
    expect((await history(invoice.id)).at(-1)?.to_state).toBe('lapsed');
    // Lapsed once: a second run neither lapses nor reminds it again.
    expect(await lapseInvoice(t.db, t.services.outbox, invoice.id)).toBe(false);
    await runReminders(t.db, t.services.outbox, t.config);
    expect(await messages(invoice.member.id)).toHaveLength(1);
  });

  it('a cover paid for runs to the end of its paid period', async () => {
    const paid = await overdueInvoice(61, { travel: true });
    const [period] = await t.db.query<{ period_to: string }>(
      'SELECT period_to::text AS period_to FROM invoice_lines WHERE invoice_id = $1 AND subscription_id = $2',
      [paid.id, paid.travelId],
    );
    await t.db.query("UPDATE invoices SET paid_ore = total_ore, state = 'paid' WHERE id = $1", [paid.id]);
    const [unpaid] = await t.db.query<{ id: number }>(
      `INSERT INTO invoices (number, member_id, member_number, year, kind, total_ore, invoice_date, due_date, kid, channel, state)
       SELECT number + 500000, member_id, member_number, year, 'renewal', total_ore, invoice_date, due_date, '9' || substr(kid, 2), channel, 'reminded'
         FROM invoices WHERE id = $1 RETURNING id`,
      [paid.id],
    );
    expect(await lapseInvoice(t.db, t.services.outbox, unpaid.id)).toBe(true);
    const [travel] = await t.db.query<{ state: string; subscription_end: string }>(
      'SELECT state, subscription_end::text AS subscription_end FROM subscriptions WHERE id = $1',
      [paid.travelId],
    );
    const [today] = await t.db.query<{ d: string }>(`SELECT ${OSLO_TODAY}::text AS d`);
    expect(travel).toEqual({ state: period.period_to > today.d ? 'active' : 'ended', subscription_end: period.period_to });
    const [mail] = await messages(paid.member.id);
    expect(mail.content).toContain(`gjelder til og med ${period.period_to.split('-').reverse().join('.')}`);
  });

  it('a paid invoice does not lapse', async () => {
    const invoice = await overdueInvoice(61);
    await t.db.query('UPDATE invoices SET paid_ore = total_ore, state = $2 WHERE id = $1', [invoice.id, 'paid']);
    expect(await lapseInvoice(t.db, t.services.outbox, invoice.id)).toBe(false);
    const [membership] = await t.db.query<{ state: string }>("SELECT state FROM subscriptions WHERE member_id = $1 AND kind = 'membership'", [
      invoice.member.id,
    ]);
    expect(membership.state).toBe('active');
  });
});

describe('staff told of lapse', () => {
  const officeMails = () =>
    t.db.query<{ id: number; subject: string; content: string; email_to: string; member_id: number | null }>(
      'SELECT id::int, subject, content, email_to, member_id FROM message_log WHERE email_to = $1 ORDER BY id',
      [t.config.supportEmail],
    );
  const outstanding = async (invoiceId: number) =>
    (await t.db.query<{ ore: number }>('SELECT total_ore - paid_ore - credited_ore AS ore FROM invoices WHERE id = $1', [invoiceId]))[0].ore;

  it('a run that lapses memberships sends the office one mail listing each member, number, invoice and amount, once', async () => {
    // Whatever the tests above lapsed is told first, so this run's mail is this test's own.
    await runReminders(t.db, t.services.outbox, t.config);
    const before = (await officeMails()).length;

    const one = await overdueInvoice(60);
    const two = await overdueInvoice(75);
    await t.db.query("UPDATE accounts SET first_name = 'Per', last_name = 'Ubetalt & Co' WHERE id = $1", [two.member.id]);
    // A lapse from a run cut off before its mail: told by the next run.
    const cutOff = await overdueInvoice(61);
    expect(await lapseInvoice(t.db, t.services.outbox, cutOff.id)).toBe(true);
    const amounts = { one: await outstanding(one.id), two: await outstanding(two.id), cutOff: await outstanding(cutOff.id) };

    const result = await runReminders(t.db, t.services.outbox, t.config);
    expect(result).toMatchObject({ lapsed: 2, staffTold: true });
    const mails = (await officeMails()).slice(before);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.member_id).toBeNull();
    expect(mail.subject).toBe('Utmeldt for manglende betaling: 3 medlemskap');
    expect(mail.content).toContain('avsluttet 3 medlemskap');
    const rows = [...mail.content.matchAll(/<tr><td>(.*?)<\/td><td>(.*?)<\/td><td[^>]*>(.*?)<\/td><td[^>]*>(.*?)<\/td><\/tr>/g)].map((match) => match.slice(1));
    const numberOf = async (invoiceId: number) =>
      (await t.db.query<{ number: number; member_number: number }>('SELECT number, member_number FROM invoices WHERE id = $1', [invoiceId]))[0];
    const expected = await Promise.all(
      (
        [
          [one, 'Kari Nordmann', amounts.one],
          [two, 'Per Ubetalt &amp; Co', amounts.two],
          [cutOff, 'Kari Nordmann', amounts.cutOff],
        ] as const
      ).map(async ([invoice, name, ore]) => {
        const { number, member_number: memberNumber } = await numberOf(invoice.id);
        return [String(memberNumber), name, String(number), formatKroner(ore)];
      }),
    );
    expect(rows).toEqual(expected.sort((a, b) => Number(a[0]) - Number(b[0])));

    // Through the outbox: the queue's worker sends it.
    expect(await settledMessage<{ status: string }>(t.db, 'SELECT status FROM message_log WHERE id = $1', [mail.id])).toEqual({ status: 'sent' });
    // Told once: the next run sends the office nothing.
    expect((await runReminders(t.db, t.services.outbox, t.config)).staffTold).toBe(false);
    expect((await officeMails()).length).toBe(before + 1);
  });

  it('is a template staff edit like the others: the table of members must stay in its text, and the edited text is what goes', async () => {
    const [template] = await t.db.query<{ id: number }>("SELECT id FROM email_templates WHERE slug = 'membership-lapsed-staff'");
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: `/api/emails/template/${template.id}`, headers: bearer(staff.token), payload });
    const refused = await patch({ title: 'Utmeldt: {members}', content: '<p>Ingen liste</p>' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      title: ['{members} kan bare stå i innholdet, ikke i emnet.'],
      content: ['Malen må inneholde {members}'],
    });
    const saved = await patch({ title: 'Opphørt {date}: {count}', content: '<p>Til kontoret:</p>{members}' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.placeholders).toEqual(['count', 'date', 'members']);

    await runReminders(t.db, t.services.outbox, t.config);
    const before = (await officeMails()).length;
    const invoice = await overdueInvoice(60);
    await runReminders(t.db, t.services.outbox, t.config);
    const [mail] = (await officeMails()).slice(before);
    const [today] = await t.db.query<{ d: string }>(`SELECT to_char(${OSLO_TODAY}, 'DD.MM.YYYY') AS d`);
    expect(mail.subject).toBe(`Opphørt ${today.d}: 1`);
    expect(mail.content).toMatch(/^<p>Til kontoret:<\/p><table>.*<\/table>$/);
    expect(mail.content).toContain(formatKroner(await outstanding(invoice.id)));
  });

  it('a run without a lapse sends the office nothing', async () => {
    await runReminders(t.db, t.services.outbox, t.config);
    const before = (await officeMails()).length;
    const due = await overdueInvoice(14);
    const result = await runReminders(t.db, t.services.outbox, t.config);
    expect(result).toMatchObject({ lapsed: 0, staffTold: false });
    expect(result.sent).toBeGreaterThan(0);
    expect((await messages(due.member.id)).length).toBeGreaterThan(0);
    expect((await officeMails()).length).toBe(before);
  });
});

// Last: the run it starts goes in the background, and must not race the tests above.
describe('routes', () => {
  it('the routes are for staff only', async () => {
    const invoice = await overdueInvoice(1);
    const member = await createAccount(t.db, { role_id: 2 });
    const token = await login(t.app, member.email, member.password);
    expect((await post('/api/reminder/run', {}, token)).statusCode).toBe(403);
    expect((await post(`/api/invoice/${invoice.id}/pause-reminders`, { until: '2099-01-01', reason: 'x' }, token)).statusCode).toBe(403);
    const due = await overdueInvoice(14);
    const run = await post('/api/reminder/run');
    expect(run.statusCode).toBe(202);
    expect(run.json().message).toBe('Purringene kjøres nå.');
    // The queue runs the job: the due invoice gets its first reminder.
    const reminder = await settledMessage<{ status: string; level: number }>(t.db, 'SELECT status, level FROM invoice_reminders WHERE invoice_id = $1', [
      due.id,
    ]);
    expect(reminder).toEqual({ status: 'sent', level: 1 });
  });
});
