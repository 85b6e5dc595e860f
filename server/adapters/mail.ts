/**
 * Mail adapter: SMTP through nodemailer when SMTP_URL is set; otherwise the message is written
 * to a file in the outbox directory (see outbox-files.ts) and staff see the message log's copy.
 */
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { writeOutboxFile } from './outbox-files.ts';

export interface MailEnvelope {
  to: string;
  subject: string;
  html: string;
  text: string;
  fromName: string;
  fromEmail: string;
  /** Files sent with the mail (an invoice's PDF), made at send time, never stored in the queue. */
  attachments?: MailAttachment[];
  /** Extra header fields (List-Unsubscribe and List-Unsubscribe-Post of a send's optional kinds). */
  headers?: Record<string, string>;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailTransport {
  /** How the message log records a message this transport handled. */
  readonly delivery: 'smtp' | 'outbox';
  deliver(mail: MailEnvelope): Promise<void>;
  close(): void;
}

export function outboxTransport(dir: string): MailTransport {
  return {
    delivery: 'outbox',
    async deliver(mail) {
      const from = `${mail.fromName} <${mail.fromEmail}>`;
      const attachments = mail.attachments?.map(({ filename, contentType, content }) => ({
        filename,
        content_type: contentType,
        base64: content.toString('base64'),
      }));
      await writeOutboxFile(dir, {
        channel: 'email',
        to: mail.to,
        from,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(attachments ? { attachments } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
    close() {},
  };
}

export function smtpTransport(url: string): MailTransport {
  // Well inside the mail queue's 30 s expiry, so a slow server never gets the same mail twice.
  // Given to the SMTP transport itself: createTransport(url, …) reads its second argument as the
  // mails' default fields, and with a URL it keeps only what the URL says, so the timeouts were
  // nodemailer's own (10 minutes without an answer): a mail server that took a message and never
  // answered held that process's mail worker for 10 minutes, past the job's expiry, so the queue
  // handed the same mail to another worker while the first send was still open.
  const transporter = nodemailer.createTransport(new SMTPTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }));
  return {
    delivery: 'smtp',
    async deliver(mail) {
      await transporter.sendMail({
        from: { name: mail.fromName, address: mail.fromEmail },
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: mail.attachments,
        headers: mail.headers,
      });
    },
    close: () => transporter.close(),
  };
}

export const mailTransportFor = (smtpUrl: string | null, outboxDir: string): MailTransport => (smtpUrl ? smtpTransport(smtpUrl) : outboxTransport(outboxDir));
