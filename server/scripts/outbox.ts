/**
 * npm run outbox [-- --count N] — shows the newest mail and SMS the embedded outbox holds
 * (DATA_DIR/outbox), whole, reset links included. It only reads files, so it works while the
 * server runs; only someone with access to the server machine can read them.
 */
import { parseArgs } from 'node:util';
import { loadConfig, ConfigError } from '../config.ts';
import { outboxDir, readOutboxFiles, type OutboxFile } from '../adapters/outbox-files.ts';

const HELP = `Bruk: npm run outbox [-- --count 10]

Viser de nyeste e-postene og SMS-ene som ble lagt i utboksen (DATA_DIR/outbox) fordi SMTP_URL
eller SMS_URL ikke er satt, med lenker og koder slik mottakeren ville fått dem.`;

/** The text version drops the addresses behind link texts; the developer needs them. */
const linksIn = (html = '') => [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, '&'));

const show = (message: OutboxFile) => {
  const links = linksIn(message.html);
  return [
    `── ${message.channel === 'email' ? 'E-post' : 'SMS'} ${message.created_at}`,
    `Til: ${message.to}`,
    ...(message.from ? [`Fra: ${message.from}`] : []),
    ...(message.subject ? [`Emne: ${message.subject}`] : []),
    '',
    message.text,
    ...(links.length > 0 ? ['', 'Lenker:', ...links.map((link) => `  ${link}`)] : []),
    '',
  ].join('\n');
};

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { count: { type: 'string', default: '10' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) throw new ConfigError('--count', 'må være et helt tall større enn 0');
  const dir = outboxDir(loadConfig().dataDir);
  const messages = await readOutboxFiles(dir, count);
  if (messages.length === 0) console.log(`Utboksen i ${dir} er tom.`);
  for (const message of messages) console.log(show(message));
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  });
}
