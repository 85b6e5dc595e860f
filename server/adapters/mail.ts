/**
 * Mail adapter: SMTP through nodemailer when SMTP_URL is set; otherwise the message is only
 * kept in the message log, where staff read it as the outbox.
 */
import nodemailer from 'nodemailer';

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

export const outboxTransport: MailTransport = {
  delivery: 'outbox',
  async deliver() {},
  close() {},
};

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
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

export const mailTransportFor = (smtpUrl: string | null): MailTransport =>
  smtpUrl ? smtpTransport(smtpUrl) : outboxTransport;
