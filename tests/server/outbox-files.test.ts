/**
 * The embedded outbox is read while the server writes to it (`npm run outbox`, the browser tests
 * reading a sign-in link): a reader sees each message whole or not at all.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readOutboxFiles, writeOutboxFile } from '../../server/adapters/outbox-files.ts';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the embedded outbox', () => {
  it('never shows a reader half a message while large ones are being written', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    // Mails with a 2 MB attachment each take several writes of the file system to land.
    const attachment = { filename: 'faktura.pdf', content_type: 'application/pdf', base64: 'A'.repeat(2 * 1024 * 1024) };
    let writing = true;
    const writes = Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        writeOutboxFile(dir, { channel: 'email', to: `m${index}@example.no`, subject: 'Faktura', text: 'Hei', attachments: [attachment] }),
      ),
    ).finally(() => (writing = false));
    let reads = 0;
    while (writing) {
      const messages = await readOutboxFiles(dir, 100);
      for (const message of messages) expect(message.attachments?.[0]?.base64).toHaveLength(attachment.base64.length);
      reads += 1;
    }
    await writes;
    expect(reads).toBeGreaterThan(0);
    const all = await readOutboxFiles(dir, 100);
    expect(all.map((message) => message.to).sort()).toEqual(Array.from({ length: 12 }, (_, index) => `m${index}@example.no`).sort());
    // Nothing but the messages is left in the directory.
    expect((await readdir(dir)).filter((name) => !name.endsWith('.json'))).toEqual([]);
  });
});
