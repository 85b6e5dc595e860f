/**
 * Mail adapter: SMTP through nodemailer when SMTP_URL is set; otherwise the message is written
 * to a file in the outbox directory (see outbox-files.ts) and staff see the message log's copy.
 */
import nodemailer from 'nodemailer';
import { writeOutboxFile } from './outbox-files.ts';

export interface MailEnvelope {
  to: string;
  subject: string;
  html: string;
  text: string;
  fromName: string;
  fromEmail: string;
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
      await writeOutboxFile(dir, { channel: 'email', to: mail.to, from, subject: mail.subject, text: mail.text, html: mail.html });
    },
    close() {},
  };
}

export function smtpTransport(url: string): MailTransport {
  // Well inside the mail queue's 30 s expiry, so a slow server never gets the same mail twice.
  const transporter = nodemailer.createTransport(url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return {
    delivery: 'smtp',
    async deliver(mail) {
      await transporter.sendMail({
        from: { name: mail.fromName, address: mail.fromEmail },
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      });
    },
    close: () => transporter.close(),
  };
}

export const mailTransportFor = (smtpUrl: string | null, outboxDir: string): MailTransport =>
  smtpUrl ? smtpTransport(smtpUrl) : outboxTransport(outboxDir);
