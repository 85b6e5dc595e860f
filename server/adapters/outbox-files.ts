/**
 * The embedded outbox: without SMTP or an SMS gateway, each outgoing message is written whole
 * (secrets included) to a file in DATA_DIR/outbox, readable only by the server's user. A
 * developer reads them with `npm run outbox`; staff see only the message log's copy, with
 * secrets removed.
 */
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

export interface OutboxFile {
  channel: 'email' | 'sms';
  to: string;
  from?: string;
  subject?: string;
  text: string;
  html?: string;
  /** Attached files, whole (base64), as the member would get them. */
  attachments?: { filename: string; content_type: string; base64: string }[];
  /** Extra header fields the mail carries (List-Unsubscribe of a send's optional kinds). */
  headers?: Record<string, string>;
  created_at: string;
}

export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox');

export async function writeOutboxFile(dir: string, message: Omit<OutboxFile, 'created_at'>): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const createdAt = new Date().toISOString();
  const name = `${createdAt.replace(/[:.]/g, '-')}-${message.channel}-${randomBytes(4).toString('hex')}.json`;
  // Written under a name no reader takes, then renamed: a reader never sees half a message.
  const part = path.join(dir, `.${name}.part`);
  await writeFile(part, JSON.stringify({ ...message, created_at: createdAt }, null, 2), { mode: 0o600 });
  await rename(part, path.join(dir, name));
}

/** The newest `count` messages, oldest of them first. */
export async function readOutboxFiles(dir: string, count: number): Promise<OutboxFile[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const newest = names
    .filter((name) => name.endsWith('.json'))
    .sort()
    .slice(-count);
  return Promise.all(newest.map(async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as OutboxFile));
}
