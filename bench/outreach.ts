/**
 * Sends to a group at the register's size (issue 38): a group's count (≤ 200 ms on PostgreSQL at
 * 100 000 members), queueing a send to every member (≤ 30 s, server memory ≤ +150 MB), the member
 * list's p95 while a large send is delivered (≤ 2× idle), and the delivery rate set by the pacing
 * setting, not by the server. Beside each time, figures load cannot change: the recipients
 * written, the messages one delivery run makes (the pace itself) and a ratio measured in the run.
 */
import type { Database } from '../server/db/database.ts';
import { loadConfig } from '../server/config.ts';
import { createServices } from '../server/plugins/services.ts';
import { MAIL_QUEUE, MESSAGE_QUEUE, SMS_QUEUE } from '../server/jobs/outbox.ts';
import { countMembers, createSegment } from '../server/domain/outreach/segments.ts';
import { countAudience } from '../server/domain/outreach/outreach-audience.ts';
import { createOutreach } from '../server/domain/outreach/outreach-drafts.ts';
import { OUTREACH_QUEUE, sendOutreach } from '../server/domain/outreach/outreach-send.ts';
import { deliverOutreach, type DeliveryContext } from '../server/domain/outreach/outreach-delivery.ts';
import type { SegmentFilter } from '../server/schemas/segments.ts';
import { percentile, sampleMemory, serveBench, timeMemberList, timed } from './shared.ts';

export interface OutreachResult {
  where: string;
  members: number;
  counts: { filter: string; members: number; p50: number; p95: number }[];
  queued: { recipients: number; seconds: number; heapMb: number; rssMb: number };
  /** sendingP95: over a minute of a send at its pace; burstP95: while runs follow each other without the minute's pause. */
  list: { idleP95: number; burstP95: number; share: number; sendingP95: number; ratio: number };
  pacing: { pace: number; messages: number; seconds: number };
}

const FILTERS: Record<string, SegmentFilter> = {
  alle: {},
  'nyhetsbrev 2': { newsletter_2: true },
  'instrumentforsikring i Oslo': { has_instruments: true, postal_area: 'Oslo' },
  'aktive, postnummer 0001–1299': { status: ['active'], postal_code_from: '0001', postal_code_to: '1299' },
};

/** The pace of the run that is timed: the default OUTREACH_MAILS_PER_MINUTE. */
const PACE = 120;

async function timeCounts(db: Database, rounds: number): Promise<OutreachResult['counts']> {
  const rows: OutreachResult['counts'] = [];
  for (const [name, filter] of Object.entries(FILTERS)) {
    const { count } = await countMembers(db, filter);
    const times: number[] = [];
    for (let i = 0; i < rounds; i += 1) {
      const start = performance.now();
      await countMembers(db, filter);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    rows.push({ filter: name, members: count, p50: percentile(times, 50), p95: percentile(times, 95) });
  }
  return rows;
}

/** Measures on `db`, seeded by the caller with `members` members and bench@example.no (bench/member-list.ts `prepare`). */
export async function measureOutreach(db: Database, where: string, members: number, rounds = 20): Promise<OutreachResult> {
  const config = loadConfig({ STATIC_DIR: '/nonexistent', PUBLIC_URL: 'http://bench.local' });
  const services = createServices(config, db);
  // The jobs are queued, not worked: the delivery runs below are called by the bench itself.
  await services.jobs.start({ [MAIL_QUEUE]: MESSAGE_QUEUE, [SMS_QUEUE]: MESSAGE_QUEUE, [OUTREACH_QUEUE]: MESSAGE_QUEUE });
  try {
    const [{ id: staffId }] = await db.query<{ id: number }>("SELECT id FROM accounts WHERE email = 'bench@example.no'");
    console.log(`  ${where}: counting groups`);
    const counts = await timeCounts(db, rounds);
    console.log(`  ${where}: queueing a send to every member`);

    const group = await createSegment(db, { name: 'Alle medlemmer (bench)', filter: {} }, staffId);
    const draft = await createOutreach(
      db,
      {
        segment_id: group.id,
        kind: 'required',
        channel: 'email',
        subject: 'Innkalling til årsmøte',
        body: '<p>Hei {first_name}, velkommen til årsmøtet.</p>',
      },
      staffId,
      config.publicUrl,
    );
    const { recipients } = await countAudience(db, { kind: 'required', channel: 'email' }, {});
    const memory = sampleMemory();
    const [, seconds] = await timed(() => sendOutreach(db, services.jobs, draft.id, recipients, staffId, config.publicUrl));
    const rise = memory.stop();

    const delivery: DeliveryContext = {
      jobs: services.jobs,
      outbox: services.outbox,
      publicUrl: config.publicUrl,
      keys: services.keys,
      mailsPerMinute: PACE,
      smsPerMinute: PACE,
    };
    const [{ run }] = await db.query<{ run: number }>('SELECT delivery_run AS run FROM outreaches WHERE id = $1', [draft.id]);
    const job = { outreachId: draft.id, run };
    console.log(`  ${where}: one delivery run`);
    const [, runSeconds] = await timed(() => deliverOutreach(db, delivery, job));
    console.log(`  ${where}: the member list, idle and while delivering`);
    const [{ messages }] = await db.query<{ messages: number }>('SELECT count(*)::int AS messages FROM message_log WHERE outreach_id = $1', [draft.id]);

    // The member list idle, then while delivery runs follow each other without the minute's pause (the heaviest a send can be).
    const server = await serveBench(db);
    try {
      const listTimes = async (count: number) => {
        const times: number[] = [];
        for (let i = 0; i < count; i += 1) times.push(await timeMemberList(server, i));
        return times.sort((a, b) => a - b);
      };
      await listTimes(5);
      const idle = await listTimes(rounds * 2);
      let sending = true;
      const deliveries = (async () => {
        while (sending) {
          await deliverOutreach(db, delivery, job);
          // The embedded database answers without leaving the process: give the requests their turn.
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const busy = await listTimes(rounds * 2);
      sending = false;
      await deliveries;
      const idleP95 = percentile(idle, 95);
      const burstP95 = percentile(busy, 95);
      // A send at its pace is one run a minute: a request meets a run for runSeconds of the minute
      // and an idle database the rest. The minute's p95 is that mixture's.
      const share = Math.min(1, runSeconds / 60);
      const mixture = [
        ...idle.map((time) => ({ time, weight: (1 - share) / idle.length })),
        ...busy.map((time) => ({ time, weight: share / busy.length })),
      ].sort((a, b) => a.time - b.time);
      let weight = 0;
      const sendingP95 = mixture.find((sample) => (weight += sample.weight) >= 0.95)?.time ?? burstP95;
      return {
        where,
        members,
        counts,
        queued: { recipients, seconds, heapMb: rise.heapMb, rssMb: rise.rssMb },
        list: { idleP95, burstP95, share, sendingP95, ratio: sendingP95 / idleP95 },
        pacing: { pace: PACE, messages, seconds: runSeconds },
      };
    } finally {
      await server.close();
    }
  } finally {
    await services.jobs.stop(1_000);
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');

/** The section's lines for bench/results.md. */
export function outreachLines(results: OutreachResult[]): string[] {
  const lines = [
    '## Sends to a group (Utsendelser)',
    '',
    "Budgets: a group's count ≤ 200 ms on PostgreSQL at 100 000 members; queueing a send to every member ≤ 30 s with memory ≤ +150 MB; the member list's p95 while a send is delivered ≤ 2× idle; one delivery run makes exactly the pace's messages, in well under the minute it has.",
    '',
    '| database | group | members | p50 | p95 |',
    '|---|---|---|---|---|',
  ];
  for (const r of results) for (const c of r.counts) lines.push(`| ${r.where} | ${c.filter} | ${c.members} | ${ms(c.p50)} | ${ms(c.p95)} |`);
  lines.push('');
  for (const r of results) {
    const worst = Math.max(...r.counts.map((c) => c.p95));
    const scale = 100_000 / Math.max(1, r.queued.recipients);
    lines.push(
      `${r.where}: worst count p95 ${ms(worst)}${r.where === 'PostgreSQL' ? ` (budget 200 ms: ${verdict(worst <= 200)})` : ''}.`,
      `${r.where}: queueing ${r.queued.recipients} recipients took ${r.queued.seconds.toFixed(1)} s (${(r.queued.seconds * scale).toFixed(1)} s per 100 000; budget 30 s: ${verdict(r.queued.seconds * scale <= 30)}); heap +${r.queued.heapMb.toFixed(1)} MB, RSS +${r.queued.rssMb.toFixed(1)} MB (budget +150 MB: ${verdict(r.queued.rssMb <= 150)}).`,
      `${r.where}: member list p95 idle ${ms(r.list.idleP95)}; over a minute of a send at pace ${r.pacing.pace} (a run busy ${(r.list.share * 100).toFixed(1)} % of it) ${ms(r.list.sendingP95)}: ${r.list.ratio.toFixed(2)}× (budget 2×: ${verdict(r.list.ratio <= 2)}); during runs back to back ${ms(r.list.burstP95)} (${(r.list.burstP95 / r.list.idleP95).toFixed(1)}×).`,
      `${r.where}: one delivery run at pace ${r.pacing.pace} made ${r.pacing.messages} messages in ${r.pacing.seconds.toFixed(2)} s (${verdict(r.pacing.messages === r.pacing.pace && r.pacing.seconds < 30)}: the pace, not the server, sets the rate).`,
      '',
    );
  }
  return lines;
}
