/**
 * A claim's mails as a plain SMTP server (not ours: Python's smtpd in its own process) receives
 * them: the insurer's claims address and the member's copy each carry the zip with the packet and
 * the documents, built when the mail is sent (the queue's job names only the message); a change
 * of state reaches the member with the note; a zip that cannot be made sends nothing.
 */
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, settledMessage, type TestContext } from './helpers.ts';
import { signedInStaff } from './factories-member-admin.ts';
import { addDocument, insuredMember, jpeg, pdf, reportClaim, theftOf } from './claims-factories.ts';
import { smtpTransport } from '../../server/adapters/mail.ts';
import { startSmtpProcess, type SmtpProcess } from './fakes/smtp-process.ts';
import { decodeWords, parseMail } from './fakes/mime.ts';
import type { ReceivedMail } from './fakes/smtp.ts';

let smtp: SmtpProcess;
let t: TestContext;
beforeAll(async () => {
  smtp = await startSmtpProcess();
  t = await buildTestApp({ mail: smtpTransport(smtp.url), env: { INSURER_CLAIMS_EMAIL: 'skadeavdeling@forsikring.test', MESSAGE_RETRIES: '0' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const mailsTo = (to: string) => smtp.received().filter((mail) => mail.to === to);
/** The subject as a mail client shows it (folded header lines joined). */
const subjectOf = (mail: ReturnType<typeof parseMail>) => decodeWords(mail.headers.subject).replace(/\s+/g, ' ');

/** The attachment named `filename`: its part's headers and its bytes. */
function attachment(mail: ReceivedMail, filename: string): { head: string; bytes: Buffer } | null {
  const part = mail.raw.split(/\r?\n--/).find((piece) => piece.includes(`filename=${filename}`) || piece.includes(`filename="${filename}"`));
  if (!part) return null;
  const [head, ...body] = part.split(/\r?\n\r?\n/);
  return { head, bytes: Buffer.from(body.join('').replace(/[^A-Za-z0-9+/=]/g, ''), 'base64') };
}

function zipEntries(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe('the claim by e-mail', () => {
  it('reaches the insurer’s claims address and the member, each with the zip of the packet and the documents', async () => {
    const member = await insuredMember(t, { first_name: 'Maren', last_name: 'Mæhle' }, { make: 'Martin', model: 'D-28' });
    const receipt = await addDocument(t, { member: member.id, instrument: member.instrument, kind: 'receipt', file_name: 'kvittering.pdf', bytes: pdf() });
    const photo = await addDocument(t, { member: member.id, instrument: member.instrument, kind: 'photo', file_name: 'knekt hals.jpg', bytes: await jpeg() });
    const claim = await reportClaim(t, member.token, theftOf(member.instrument, { kind: 'damage', police_report: null }));

    await expect.poll(() => mailsTo('skadeavdeling@forsikring.test').length + mailsTo(member.email).length, { timeout: 30_000 }).toBe(2);
    const [insurer] = mailsTo('skadeavdeling@forsikring.test');
    const [copy] = mailsTo(member.email);

    const insurerMail = parseMail(insurer.raw);
    expect(subjectOf(insurerMail)).toBe(`Skademelding ${claim.id}: skade – Maren Mæhle, medlemsnummer ${member.memberNumber}`);
    expect(insurerMail.text).toContain('Martin D-28');
    expect(insurerMail.text).toContain('Polisenummer: INSTR-2026-0001');
    expect(insurerMail.text).toContain('de 2 dokumentene ligger i den vedlagte zip-filen');
    const copyMail = parseMail(copy.raw);
    expect(subjectOf(copyMail)).toBe('Vi har mottatt skademeldingen din');
    expect(copyMail.text).toContain(`Skademeldingen din for Martin D-28 (sak ${claim.id}) er sendt til Demo Forsikring ASA.`);

    for (const mail of [insurer, copy]) {
      const zip = attachment(mail, `skademelding-${claim.id}.zip`);
      expect(zip, mail.to).not.toBeNull();
      expect(zip!.head).toMatch(/Content-Type: application\/zip/i);
      expect(zip!.head).toMatch(/Content-Disposition: attachment/i);
      const entries = await zipEntries(zip!.bytes);
      expect([...entries.keys()]).toEqual([
        `skademelding-${claim.id}.pdf`,
        `insurance-claim-${claim.id}.pdf`,
        'dokumenter/01-kvittering-kvittering.pdf',
        'dokumenter/02-bilde-knekt hals.jpg',
      ]);
      expect(entries.get('dokumenter/01-kvittering-kvittering.pdf')!.equals(receipt.bytes)).toBe(true);
      expect(entries.get('dokumenter/02-bilde-knekt hals.jpg')!.equals(photo.bytes)).toBe(true);
      expect(entries.get(`skademelding-${claim.id}.pdf`)!.subarray(0, 5).toString()).toBe('%PDF-');
    }

    // The queue's jobs carried the message ids and nothing else; the log says sent.
    const messages = await t.db.query<{ id: string; status: string }>('SELECT id::text, status FROM message_log WHERE claim_id = $1 ORDER BY id', [claim.id]);
    expect(messages.map((message) => message.status)).toEqual(['sent', 'sent']);
    const jobs = await t.db.query<{ data: Record<string, unknown> }>(
      "SELECT data FROM pgboss.job WHERE name = 'mail' AND data ->> 'messageId' = ANY($1::text[])",
      [messages.map((message) => message.id)],
    );
    expect(jobs.map((job) => Object.keys(job.data))).toEqual([['messageId'], ['messageId']]);

    // A change of state reaches the member with the note, without the zip.
    const staff = await signedInStaff(t.app, t.db);
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/claim/${claim.id}`,
      headers: bearer(staff.token),
      payload: { state: 'decided', outcome: 'approved', note: 'Forsikringen dekker reparasjonen hos gitarmakeren.' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await expect.poll(() => mailsTo(member.email).length, { timeout: 30_000 }).toBe(2);
    const update = mailsTo(member.email)[1];
    const updateMail = parseMail(update.raw);
    expect(subjectOf(updateMail)).toBe('Skademeldingen din er oppdatert');
    expect(updateMail.text).toContain('har fått status «Avgjort – godkjent»');
    expect(updateMail.text).toContain('Forsikringen dekker reparasjonen hos gitarmakeren.');
    expect(update.raw).not.toMatch(/application\/zip/);
  });

  it('sends nothing without the zip: a document whose file cannot be read fails the mails, which staff see', async () => {
    const member = await insuredMember(t, { first_name: 'Frida', last_name: 'Feil' });
    await addDocument(t, { member: member.id, instrument: member.instrument, kind: 'photo', file_name: 'borte.jpg', bytes: await jpeg() });
    const [{ storage_key: key }] = await t.db.query<{ storage_key: string }>('SELECT storage_key FROM documents WHERE member_id = $1', [member.id]);
    await t.services.documents.delete(key);
    const claim = await reportClaim(t, member.token, theftOf(member.instrument));
    const failed = await settledMessage<{ status: string; error: string }>(
      t.db,
      'SELECT status, error FROM message_log WHERE claim_id = $1 ORDER BY id LIMIT 1',
      [claim.id],
    );
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/finnes ikke i lageret/);
    await settledMessage(t.db, 'SELECT status FROM message_log WHERE claim_id = $1 ORDER BY id DESC LIMIT 1', [claim.id]);
    expect(mailsTo(member.email)).toEqual([]);
    expect(smtp.received().filter((mail) => mail.raw.includes(`Skademelding ${claim.id}`))).toEqual([]);
  });
});
