/**
 * Steering a send under way: pause stops it where it is, resume goes on, cancel leaves those not
 * yet reached without it; and the report: its counts, the failures with the mail server's reason,
 * and the failures as a spreadsheet openpyxl opens.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { smtpTransport } from '../../server/adapters/mail.ts';
import { deliverOutreach } from '../../server/domain/outreach/outreach-delivery.ts';
import { restartStalledOutreaches } from '../../server/domain/outreach/outreach-send.ts';
import { startFakeSmtp, type FakeSmtp } from './fakes/smtp.ts';
import { areaGroup, areaMember, createDraft, sendDraft, uniqueArea, until } from './outreach-fixtures.ts';

const run = promisify(execFile);
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const READ_WORKBOOK = `
import json, sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
ws = wb.worksheets[0]
print(json.dumps({'title': ws.title, 'rows': [[c.value for c in row] for row in ws.iter_rows()]}))
`;

const PACE = 2;
let smtp: FakeSmtp;
let t: TestContext;
let token: string;
let dir: string;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  // One attempt only: a refused mail fails for good at once.
  t = await buildTestApp({ mail: smtpTransport(smtp.url), env: { OUTREACH_MAILS_PER_MINUTE: String(PACE), MESSAGE_RETRIES: '0' } });
  token = (await signedInStaff(t.app, t.db)).token;
  dir = await mkdtemp(path.join(tmpdir(), 'portal-outreach-'));
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function nextRun(id: number) {
  const [{ run: current }] = await t.db.query<{ run: number }>('SELECT delivery_run AS run FROM outreaches WHERE id = $1', [id]);
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
    { outreachId: id, run: current },
  );
}
const recipientStates = async (id: number) =>
  Object.fromEntries(
    (
      await t.db.query<{ state: string; n: number }>('SELECT state, count(*)::int AS n FROM outreach_recipients WHERE outreach_id = $1 GROUP BY state', [id])
    ).map((row) => [row.state, row.n]),
  );
const action = (id: number, name: string) => t.app.inject({ method: 'POST', url: `/api/outreach/${id}/${name}`, headers: bearer(token) });
const report = async (id: number) => (await t.app.inject({ url: `/api/outreach/${id}/report`, headers: bearer(token) })).json().data;

async function startedSend(size: number) {
  const area = uniqueArea();
  const segment = await areaGroup(t.db, area);
  const members: { id: number; email: string }[] = [];
  for (let i = 0; i < size; i += 1) members.push(await areaMember(t.db, area, { first_name: `M${i}`, last_name: `Etternavn${i}`, newsletter_2: true }));
  const draft = await createDraft(t.app, token, { segment_id: segment });
  await sendDraft(t.app, token, draft.id);
  await until(async () => (await recipientStates(draft.id)).queued === Math.min(PACE, size), 'the first run');
  return { id: draft.id, members };
}

describe('pause, resume and cancel', () => {
  it('pauses where it is, goes on when resumed, and a cancelled send reaches nobody more', async () => {
    const { id, members } = await startedSend(6);
    const paused = await action(id, 'pause');
    expect(paused.statusCode).toBe(200);
    expect(paused.json().data.state).toBe('paused');
    expect((await action(id, 'pause')).json().message).toBe('Bare en utsendelse som pågår, kan settes på pause.');
    // A run while paused (the old chain's next job) makes nothing.
    await nextRun(id);
    expect(await recipientStates(id)).toEqual({ queued: 2, pending: 4 });

    const resumed = await action(id, 'resume');
    expect(resumed.json().data.state).toBe('sending');
    // The resume starts a run at once.
    await until(async () => (await recipientStates(id)).queued === 4, 'the run after resume');
    expect(await recipientStates(id)).toEqual({ queued: 4, pending: 2 });

    const cancelled = await action(id, 'cancel');
    expect(cancelled.json().data.state).toBe('cancelled');
    expect(cancelled.json().data.finished_at).not.toBeNull();
    expect(await recipientStates(id)).toEqual({ queued: 4, cancelled: 2 });
    await nextRun(id);
    expect(await recipientStates(id)).toEqual({ queued: 4, cancelled: 2 });
    const conflict = await action(id, 'cancel');
    expect(conflict.statusCode).toBe(409);
    expect((await action(id, 'resume')).statusCode).toBe(409);

    await until(() => smtp.received.filter((mail) => members.some((member) => member.email === mail.to)).length === 4, 'the four mails');
    for (const member of members.slice(4)) expect(smtp.received.some((mail) => mail.to === member.email)).toBe(false);
    await until(async () => (await report(id)).sent === 4, 'the report to count them');
    expect(await report(id)).toMatchObject({ recipients: 6, queued: 0, sent: 4, failed: 0, skipped: 0, unsubscribed: 0, failures: [] });
  });

  it('a send whose delivery stopped (its job gone) is started again by the watch each minute, and only that one', async () => {
    const stalled = await startedSend(4);
    const lively = await startedSend(2);
    // The first send's chain last ran eleven minutes ago: its job used up its retries, say.
    await t.db.query("UPDATE outreaches SET last_run_at = now() - interval '11 minutes' WHERE id = $1", [stalled.id]);
    const [{ run: before }] = await t.db.query<{ run: number }>('SELECT delivery_run AS run FROM outreaches WHERE id = $1', [stalled.id]);

    const restarted = await restartStalledOutreaches(t.db, t.services.jobs);
    expect(restarted).toContain(stalled.id);
    expect(restarted).not.toContain(lively.id);
    const [{ run: after }] = await t.db.query<{ run: number }>('SELECT delivery_run AS run FROM outreaches WHERE id = $1', [stalled.id]);
    expect(after).toBe(before + 1);
    // The new chain runs at once: the next two members get theirs without the minute's wait.
    await until(async () => (await recipientStates(stalled.id)).queued === 4, 'the restarted chain');
    // Just run, it is alive again: the next watch leaves it alone.
    expect(await restartStalledOutreaches(t.db, t.services.jobs)).not.toContain(stalled.id);
  });
});

describe('the report', () => {
  it('counts sent, failed, skipped and unsubscribed, lists each failure with the reason, and exports them', async () => {
    smtp.mode = 'refuse';
    const { id, members } = await startedSend(3);
    await until(async () => (await report(id)).failed === 2, 'the two refused mails to fail');
    smtp.mode = 'accept';
    await t.db.query('UPDATE accounts SET newsletter_2 = false WHERE id = $1', [members[2].id]);
    // As the unsubscribe link records it (its route is tested with it).
    await t.db.query("INSERT INTO consent_changes (member_id, consent, given, source, outreach_id) VALUES ($1, 'newsletter_2', false, 'unsubscribe', $2)", [
      members[2].id,
      id,
    ]);
    await nextRun(id);
    const data = await report(id);
    expect(data).toMatchObject({ recipients: 3, queued: 0, sent: 0, failed: 2, skipped: 1, unsubscribed: 1 });
    expect(data.failures).toHaveLength(2);
    expect(data.failures[0]).toMatchObject({ member_id: members[0].id, name: 'M0 Etternavn0', channel: 'email', address: members[0].email });
    expect(data.failures[0].reason).toMatch(/451/);
    const outreach = (await t.app.inject({ url: `/api/outreach/${id}`, headers: bearer(token) })).json().data;
    expect(outreach).toMatchObject({ state: 'done', recipient_count: 3, sent: 0, failed: 2 });

    const exported = await t.app.inject({ url: `/api/outreach/${id}/report/export`, headers: bearer(token) });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(exported.headers['content-disposition']).toContain(`utsendelse-${id}-feil.xlsx`);
    const file = path.join(dir, 'feil.xlsx');
    await writeFile(file, exported.rawPayload);
    const { stdout } = await run(PYTHON, ['-c', READ_WORKBOOK, file]);
    const workbook = JSON.parse(stdout) as { rows: unknown[][] };
    expect(workbook.rows[0]).toEqual(['Medlem-ID', 'Navn', 'Kanal', 'Adresse', 'Årsak']);
    expect(workbook.rows.slice(1).map((row) => row.slice(0, 4))).toEqual([
      [members[0].id, 'M0 Etternavn0', 'E-post', members[0].email],
      [members[1].id, 'M1 Etternavn1', 'E-post', members[1].email],
    ]);
    expect(String(workbook.rows[1][4])).toMatch(/451/);
  });
});
