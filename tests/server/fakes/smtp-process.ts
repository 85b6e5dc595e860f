/**
 * A plain SMTP server that is not ours: Python's standard-library `smtpd`, run as a process of
 * its own on loopback (tests/server/fakes/smtp_sink.py). What it accepts is read back from the
 * files it writes, so the test sees only what crossed the wire.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ReceivedMail } from './smtp.ts';

export interface SmtpProcess {
  url: string;
  /** Every message received so far, oldest first. */
  received(): ReceivedMail[];
  close(): Promise<void>;
}

const PYTHON = process.env.PYTHON ?? '/usr/bin/python3';

export async function startSmtpProcess(): Promise<SmtpProcess> {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-smtp-'));
  const child = spawn(PYTHON, ['-W', 'ignore', path.join(import.meta.dirname, 'smtp_sink.py'), folder], { stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', (code) => reject(new Error(`the SMTP server (${PYTHON}) ended with ${code}: ${errors}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () =>
      readdirSync(folder)
        .filter((name) => name.endsWith('.eml'))
        .sort()
        .map((name) => {
          const file = readFileSync(path.join(folder, name), 'utf8');
          const newline = file.indexOf('\r\n');
          const raw = file.slice(newline + 2);
          return { to: file.slice('X-Envelope-To: '.length, newline), raw, body: raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=') };
        }),
    close: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
