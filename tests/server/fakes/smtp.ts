/** A loopback SMTP server that records what it accepts, and can refuse or hold mail on demand. */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string;
  /** The raw message, with quoted-printable soft breaks and '=3D' undone so links read as sent. */
  body: string;
  /** The message exactly as the client sent it (for a MIME parser: see mime.ts). */
  raw: string;
}

export interface FakeSmtp {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** 'accept' (default), 'refuse' (answers 451) or 'hold' (never answers the data: the sender waits). */
  mode: 'accept' | 'refuse' | 'hold';
  /** Messages whose data arrived while holding. */
  held: number;
  /** Recipients refused (451) whatever the mode. */
  refused: Set<string>;
  close(): Promise<void>;
}

export async function startFakeSmtp(port = 0): Promise<FakeSmtp> {
  const fake: FakeSmtp = {
    url: '',
    port: 0,
    received: [],
    mode: 'accept',
    held: 0,
    refused: new Set(),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk) => (body += chunk));
      stream.on('end', () => {
        if (fake.mode === 'hold') {
          fake.held += 1;
          return;
        }
        if (fake.mode === 'refuse' || session.envelope.rcptTo.some((r) => fake.refused.has(r.address))) {
          callback(Object.assign(new Error('Prøv igjen senere'), { responseCode: 451 }));
          return;
        }
        const raw = body;
        body = body.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        fake.received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  fake.port = (server.server.address() as AddressInfo).port;
  fake.url = `smtp://127.0.0.1:${fake.port}`;
  return fake;
}
