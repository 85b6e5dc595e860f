/**
 * A nearly full disk under the embedded database: writes are refused at once with a Norwegian
 * message while reading goes on, the health check says why, SIGTERM still ends the process, and
 * writes are taken again when space returns. Runs on a small tmpfs the test mounts (as root);
 * where it cannot mount one, it says so and skips.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serving, startServer, stop, type Running } from './fakes/server-process.ts';

function mountTmpfs(megabytes: number): string | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

const disk = mountTmpfs(160);
if (!disk) console.warn('disk-full.test.ts: cannot mount a tmpfs here (not root?); the full-disk tests are skipped');
const servers: Running[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => stop(server, 'SIGKILL')));
  if (disk) {
    execFileSync('umount', ['-l', disk]);
    rmSync(disk, { recursive: true, force: true });
  }
});

const freeMb = (dir: string) => {
  const stats = statfsSync(dir);
  return (Number(stats.bavail) * Number(stats.bsize)) / 1024 / 1024;
};

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!disk)('a nearly full disk', () => {
  it('refuses writes with 503 and a Norwegian message, keeps reading, says why in health, stops on SIGTERM, and recovers', async () => {
    const dir = disk!;
    const backups = mkdtempSync(path.join(tmpdir(), 'portal-small-disk-backups-'));
    const server = await startServer({ DATA_DIR: path.join(dir, 'data'), BACKUP_DIR: backups, DISK_FREE_MIN_MB: '40' });
    servers.push(server);
    await serving(server);
    const base = `http://127.0.0.1:${server.port}`;
    const login = () =>
      fetch(`${base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ingen@example.no', password: 'feil-passord' }),
      });
    expect((await login()).status).toBe(401);

    // Fill the disk to 20 MB free: under the 40 MB floor.
    const filler = path.join(dir, 'filler');
    writeFileSync(filler, Buffer.alloc(Math.floor((freeMb(dir) - 20) * 1024 * 1024)));
    const health = await until('health to report the disk', async () => {
      const answer = await fetch(`${base}/api/health`);
      return answer.status === 503 ? ((await answer.json()) as { message: string }) : undefined;
    });
    expect(health.message).toMatch(/^For lite ledig diskplass i DATA_DIR: \d+ MB igjen, grensen er 40 MB \(DISK_FREE_MIN_MB\)/);

    const refused = await login();
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Serveren har for lite ledig diskplass til å lagre endringer nå. Det du har skrevet, er ikke lagret: prøv igjen om litt.',
    );
    // Reading goes on.
    expect((await fetch(`${base}/api/instrument/category/list`)).status).not.toBe(503);

    // Space returns: writes are taken again.
    rmSync(filler);
    await until('health to recover', async () => ((await fetch(`${base}/api/health`)).status === 200 ? true : undefined));
    expect((await login()).status).toBe(401);

    // Full again, and stopped: SIGTERM ends it cleanly.
    writeFileSync(filler, Buffer.alloc(Math.floor((freeMb(dir) - 20) * 1024 * 1024)));
    await until('health to report the disk again', async () => ((await fetch(`${base}/api/health`)).status === 503 ? true : undefined));
    const started = Date.now();
    const code = await stop(server);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(code).not.toBeNull();
    rmSync(filler);
    rmSync(backups, { recursive: true, force: true });
  });
});
