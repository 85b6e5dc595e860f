import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from '../../server/db/pglite.ts';
import { outboxDir, writeOutboxFile } from '../../server/adapters/outbox-files.ts';
import { BACKUP_QUEUE, backupAtShutdown, backupDatabase, FRESH_BACKUP_MS, lastBackupTiming } from '../../server/jobs/backup.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createServices } from '../../server/plugins/services.ts';
import { startJobs } from '../../server/jobs/start.ts';
import { migratedDataDir, testConfig } from './helpers.ts';
import { documentsDir, fileDocumentStore, PARTIAL_SUFFIX, readAll } from '../../server/domain/documents/store.ts';
import { restoreBackup } from '../../server/scripts/restore.ts';
import { run, serving, startServer, stop, type Running } from './fakes/server-process.ts';

const started: Running[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(started.map((server) => stop(server, 'SIGKILL')));
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A data directory already migrated (each script below would otherwise migrate it first) and a backup directory. */
async function setting() {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-backup-'));
  dirs.push(dir);
  const env = { DATA_DIR: path.join(dir, 'data'), BACKUP_DIR: path.join(dir, 'backups'), BACKUP_KEEP: '2' };
  await migratedDataDir(env.DATA_DIR);
  return env;
}

async function succeeds(script: string, env: Record<string, string>, args: string[] = [], stdin = '') {
  const command = run(script, env, args);
  command.child.stdin!.end(stdin);
  const code = await command.exited;
  if (code !== 0) throw new Error(`${script} exited ${code}: ${command.output()}`);
  return command.output();
}

const createStaff = (env: Record<string, string>, email: string) =>
  succeeds('server/scripts/admin-create.ts', env, ['--email', email, '--password-stdin'], 'et-langt-passord\n');

const backups = async (env: Record<string, string>) => (await readdir(env.BACKUP_DIR)).filter((name) => name.endsWith('.tar.gz')).sort();

describe('backup and restore of the embedded database', () => {
  it('puts the database back as it was: a later change is gone, everything before it is there', async () => {
    const env = await setting();
    await createStaff(env, 'for@example.no');
    const written = await succeeds('server/scripts/backup.ts', env);
    const file = /Sikkerhetskopi skrevet: (\S+)/.exec(written)![1];
    await createStaff(env, 'etter@example.no');

    const restored = await succeeds('server/scripts/restore.ts', env, [file]);
    expect(restored).toContain(`Databasen i ${env.DATA_DIR} er satt tilbake`);
    const db = await openPglite({ dataDir: env.DATA_DIR });
    try {
      const rows = await db.query<{ email: string }>('SELECT email FROM accounts ORDER BY email');
      expect(rows.map((row) => row.email)).toEqual(['for@example.no']);
      expect((await db.query('SELECT 1 FROM postal_codes LIMIT 1')).length).toBe(1);
    } finally {
      await db.close();
    }
  });

  it('keeps BACKUP_KEEP copies, refuses a copy while the server runs, and makes one when the server stops', async () => {
    const env = await setting();
    await succeeds('server/scripts/backup.ts', env);
    await succeeds('server/scripts/backup.ts', env);
    await succeeds('server/scripts/backup.ts', env);
    const before = await backups(env);
    expect(before).toHaveLength(2);

    // Copies an hour old: the server makes a new one when it stops.
    const anHourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await Promise.all(before.map((name) => utimes(path.join(env.BACKUP_DIR, name), anHourAgo, anHourAgo)));
    // As the copies of a small register take: a copy fits in the seconds a stop has, however busy
    // the machine was while the three above were made (the copy not begun is the test below).
    await writeFile(path.join(env.BACKUP_DIR, 'last-backup-time.json'), JSON.stringify({ ms: 200, complete: true }));

    const server = await startServer({ ...env, BACKUP_INTERVAL_HOURS: '0' });
    started.push(server);
    await serving(server);
    expect(server.output()).toContain('kan ikke tvinge lagrede endringer ned på disken');
    const refused = run('server/scripts/backup.ts', env);
    expect(await refused.exited).not.toBe(0);
    expect(refused.output()).toContain(`Databasen i ${env.DATA_DIR} er i bruk av en annen prosess`);

    expect(await stop(server)).toBe(0);
    const after = await backups(env);
    expect(after).toHaveLength(2);
    expect(after.at(-1)! > before.at(-1)!).toBe(true);

    // Stopped again at once, it leaves the copy it just made as the newest.
    const again = await startServer({ ...env, BACKUP_INTERVAL_HOURS: '0', LOG_LEVEL: 'info' });
    started.push(again);
    await serving(again);
    expect(await stop(again)).toBe(0);
    expect(again.output()).toContain('backup skipped: a recent one exists');
    expect(await backups(env)).toEqual(after);

    // With BACKUP_AT_SHUTDOWN=0 a stop makes none, however old the newest copy is.
    await Promise.all(after.map((name) => utimes(path.join(env.BACKUP_DIR, name), anHourAgo, anHourAgo)));
    const off = await startServer({ ...env, BACKUP_INTERVAL_HOURS: '0', BACKUP_AT_SHUTDOWN: '0', LOG_LEVEL: 'info' });
    started.push(off);
    await serving(off);
    expect(await stop(off)).toBe(0);
    expect(off.output()).toContain('backup skipped: BACKUP_AT_SHUTDOWN=0');
    expect(await backups(env)).toEqual(after);
  }, 240_000);
});

describe('the backup at shutdown', () => {
  async function databaseInDirectory() {
    const env = await setting();
    const db = await openPglite({ dataDir: env.DATA_DIR });
    await migrate(db);
    await db.query(`INSERT INTO accounts (email, first_name, last_name, role_id) VALUES ('kopi@example.no', 'Kari', 'Kopi', 2)`);
    return { env, db };
  }

  it('is skipped when a copy younger than a quarter of an hour exists', async () => {
    const { env, db } = await databaseInDirectory();
    try {
      const first = await backupAtShutdown(db, env.BACKUP_DIR, 5, 8_000);
      expect(first.kind).toBe('written');
      const second = await backupAtShutdown(db, env.BACKUP_DIR, 5, 8_000);
      expect(second.kind).toBe('recent');
      expect(await backups(env)).toHaveLength(1);
      // A quarter of an hour later it is made again.
      const later = await backupAtShutdown(db, env.BACKUP_DIR, 5, 8_000, new Date(Date.now() + FRESH_BACKUP_MS + 1_000));
      expect(later.kind).toBe('written');
    } finally {
      await db.close();
    }
  });

  it('that would not fit in the time left is stopped and leaves no file behind, and the database goes on', async () => {
    const { env, db } = await databaseInDirectory();
    try {
      expect((await backupAtShutdown(db, env.BACKUP_DIR, 5, 0)).kind).toBe('aborted');
      expect((await readdir(env.BACKUP_DIR)).filter((name) => name.startsWith('portal-'))).toEqual([]);
      expect(await db.query('SELECT email FROM accounts')).toEqual([{ email: 'kopi@example.no' }]);
    } finally {
      await db.close();
    }
  });

  it('is not started when the last copy took longer than the time left, so it never holds the exit', async () => {
    const { env, db } = await databaseInDirectory();
    try {
      // A scheduled copy measures how long a copy takes.
      await backupDatabase(db, env.BACKUP_DIR, 5);
      const measured = await lastBackupTiming(env.BACKUP_DIR);
      expect(measured).toEqual({ ms: expect.any(Number), complete: true });
      const later = new Date(Date.now() + FRESH_BACKUP_MS + 1_000);
      // As on a large register: the last copy took seven seconds, and five are left.
      await writeFile(path.join(env.BACKUP_DIR, 'last-backup-time.json'), JSON.stringify({ ms: 7_000, complete: true }));
      const begun = Date.now();
      expect(await backupAtShutdown(db, env.BACKUP_DIR, 5, 5_000, later)).toEqual({ kind: 'too-slow', lastMs: 7_000 });
      expect(Date.now() - begun).toBeLessThan(1_000);
      expect(await backups(env)).toHaveLength(1);
      // With time enough it is made.
      expect((await backupAtShutdown(db, env.BACKUP_DIR, 5, 60_000, later)).kind).toBe('written');
      // A copy stopped for lack of time is remembered as at least that long: the next one with as
      // little time is not begun at all.
      const muchLater = new Date(Date.now() + 2 * FRESH_BACKUP_MS);
      await rm(path.join(env.BACKUP_DIR, 'last-backup-time.json'));
      expect((await backupAtShutdown(db, env.BACKUP_DIR, 5, 1, muchLater)).kind).toBe('aborted');
      expect(await lastBackupTiming(env.BACKUP_DIR)).toEqual({ ms: expect.any(Number), complete: false });
      expect((await backupAtShutdown(db, env.BACKUP_DIR, 5, 1, muchLater)).kind).toBe('too-slow');
      expect(await backups(env)).toHaveLength(2);
    } finally {
      await db.close();
    }
  });

  it('holds the instruments’ documents (DATA_DIR/documents), not a file still being written, and restore puts them back', async () => {
    const { env, db } = await databaseInDirectory();
    const store = fileDocumentStore(documentsDir(env.DATA_DIR));
    await store.put('kvittering-0000000001.pdf', Buffer.from('%PDF-1.7 kvittering'), 'application/pdf');
    await store.put('bilde-00000000002.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), 'image/jpeg');
    const partial = path.join(documentsDir(env.DATA_DIR), 'bi', `bilde-00000000003.jpg.0a1b2c${PARTIAL_SUFFIX}`);
    await writeFile(partial, 'halvferdig');
    let file: string;
    try {
      file = await backupDatabase(db, env.BACKUP_DIR, 5);
    } finally {
      await db.close();
    }
    await store.delete('kvittering-0000000001.pdf');
    await restoreBackup(file, env.DATA_DIR);
    expect(String(await readAll(await store.get('kvittering-0000000001.pdf')))).toBe('%PDF-1.7 kvittering');
    expect([...(await readAll(await store.get('bilde-00000000002.jpg')))]).toEqual([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    expect(await readdir(path.join(documentsDir(env.DATA_DIR), 'bi'))).toEqual(['bilde-00000000002.jpg']);
  });

  it('streams the directory in the layout PGlite loads: a copy opens with every row', async () => {
    const { env, db } = await databaseInDirectory();
    let file: string;
    try {
      file = await backupDatabase(db, env.BACKUP_DIR, 5);
    } finally {
      await db.close();
    }
    const copy = await openPglite({ loadDataDir: new Blob([await readFile(file)], { type: 'application/x-gzip' }) });
    try {
      expect(await copy.query('SELECT email FROM accounts')).toEqual([{ email: 'kopi@example.no' }]);
      expect((await copy.query('SELECT 1 FROM postal_codes LIMIT 1')).length).toBe(1);
    } finally {
      await copy.close();
    }
  });
});

describe('scheduled backups', () => {
  it('are a job on the queue every BACKUP_INTERVAL_HOURS, writing a copy to BACKUP_DIR', async () => {
    const env = await setting();
    // The embedded database's own schedule, whichever database the other tests run on.
    const db = await openPglite();
    await migrate(db);
    const services = createServices(testConfig({ BACKUP_INTERVAL_HOURS: '6', BACKUP_DIR: env.BACKUP_DIR, DATA_DIR: env.DATA_DIR }), db);
    try {
      await startJobs(services);
      const [schedule] = await db.query<{ cron: string; timezone: string }>('SELECT cron, timezone FROM pgboss.schedule WHERE name = $1', [BACKUP_QUEUE]);
      expect(schedule).toEqual({ cron: '0 */6 * * *', timezone: 'Europe/Oslo' });
      await services.jobs.send(BACKUP_QUEUE, {});
      const until = Date.now() + 30_000;
      while ((await readdir(env.BACKUP_DIR).catch(() => [])).filter((name) => name.endsWith('.tar.gz')).length === 0) {
        if (Date.now() > until) throw new Error('no backup written');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await services.jobs.stop(1_000);
      await db.close();
    }
  });
});

describe('npm run outbox', () => {
  it('shows the whole mail, link included, from DATA_DIR/outbox', async () => {
    const env = await setting();
    await writeOutboxFile(outboxDir(env.DATA_DIR), {
      channel: 'email',
      to: 'kari@example.no',
      subject: 'Lag nytt passord',
      text: 'Lag nytt passord',
      html: '<p><a href="http://localhost:3000/password/change?token=abc123&amp;email=kari%40example.no">Lag nytt passord</a></p>',
    });
    const output = await succeeds('server/scripts/outbox.ts', env);
    expect(output).toContain('Til: kari@example.no');
    expect(output).toContain('Emne: Lag nytt passord');
    expect(output).toContain('http://localhost:3000/password/change?token=abc123&email=kari%40example.no');
  });
});
