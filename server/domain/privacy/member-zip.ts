/**
 * The member's data export as a zip, streamed: `member.json` (everything, machine-readable) and
 * `sammendrag.html` (a readable summary in Norwegian, invoices and claims included) at its root, and the files of the member's
 * documents under `dokumenter/`, each read from the document store as the zip reaches it.
 */
import yazl from 'yazl';
import type { Readable } from 'node:stream';
import { escapeHtml } from '../../lib/html.ts';
import { norwegianDate } from '../shared/oslo-date.ts';
import { formatKroner } from '../billing/money.ts';
import type { MemberExport } from './privacy.ts';
import type { DocumentStore } from '../documents/store.ts';

export const EXPORT_FILENAME = 'mine-opplysninger.zip';

const DOCUMENT_WORDS: Record<string, string> = { receipt: 'Kvittering', appraisal: 'Takst', photo: 'Bilde' };
const KIND_WORDS: Record<string, string> = { read: 'Åpnet', export: 'Eksporterte', change: 'Endret', messages: 'Leste meldinger' };
const INVOICE_WORDS: Record<string, string> = {
  draft: 'Utkast', sent: 'Sendt', paid: 'Betalt', partly_paid: 'Delvis betalt', overdue: 'Forfalt', reminded: 'Purret', lapsed: 'Utmeldt', credited: 'Kreditert',
};
const CLAIM_WORDS: Record<string, string> = { theft: 'Tyveri', damage: 'Skade', loss: 'Tap' };
const CLAIM_STATE_WORDS: Record<string, string> = { sent: 'Sendt', in_progress: 'Under behandling', decided: 'Avgjort', withdrawn: 'Trukket' };
const SOURCE_WORDS: Record<string, string> = { 'sign-up': 'innmeldingen', 'min-side': 'Min side', staff: 'medlemsservice', unsubscribe: 'avmeldingslenken i en e-post eller SMS' };
const FIELD_LABELS: Record<string, string> = {
  member_number: 'Medlemsnummer', first_name: 'Fornavn', last_name: 'Etternavn', email: 'E-post', phone: 'Mobil',
  address: 'Adresse', postal_code: 'Postnummer', postal_area: 'Poststed', birthdate: 'Fødselsdato', artist_name: 'Artistnavn',
  primary_instrument: 'Hovedinstrument', invoice_method: 'Fakturamåte', invoice_email: 'E-post for faktura',
  newsletter_2: 'Nyhetsbrev 2', newsletter_3: 'Nyhetsbrev 3', membership_start_date: 'Medlem fra', created_at: 'Registrert',
};

const text = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nei';
  if (value instanceof Date) return norwegianDate(value);
  return String(value);
};
const kroner = (ore: unknown): string => (typeof ore === 'number' ? formatKroner(ore) : '–');
const when = (value: unknown): string =>
  value ? new Date(value as string).toLocaleString('nb-NO', { timeZone: 'Europe/Oslo', dateStyle: 'short', timeStyle: 'short' }) : '–';

function table(caption: string, headers: string[], rows: string[][]): string {
  if (rows.length === 0) return `<h2>${escapeHtml(caption)}</h2><p>Ingen.</p>`;
  const head = headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`).join('\n');
  return `<h2>${escapeHtml(caption)}</h2><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** The readable summary; every value is escaped. */
export function exportSummaryHtml(data: MemberExport): string {
  const m = data.member;
  const fields = Object.entries(FIELD_LABELS).map(([key, label]) => [label, text(m[key])]);
  const staffName = (entry: Record<string, unknown>) => {
    const staff = entry.staff as { first_name: string | null; last_name: string | null } | null;
    return staff ? `${staff.first_name ?? ''} ${staff.last_name ?? ''}`.trim() : '–';
  };
  return `<!doctype html>
<html lang="nb"><head><meta charset="utf-8"><title>Dine opplysninger i Musikerportalen</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
table{border-collapse:collapse;width:100%;margin-bottom:1.5rem}th,td{border:1px solid #888;padding:.3rem .5rem;text-align:left;vertical-align:top}</style>
</head><body>
<h1>Dine opplysninger i Musikerportalen</h1>
<p>Hentet ${escapeHtml(when(data.exported_at))}. Alt vi har lagret om deg finnes også i filen member.json i samme zip-fil.</p>
${table('Personopplysninger', ['Felt', 'Verdi'], fields)}
${table('Abonnementer', ['Produkt', 'Status', 'Beløp', 'Fra', 'Til'], data.subscriptions.map((s) => [
    text((s.product as { name?: string } | null)?.name), text(s.state), text(s.value), text(s.subscription_start), text(s.subscription_end),
  ]))}
${table('Instrumenter', ['Type', 'Merke', 'Modell', 'Serienummer', 'Verdi', 'Fra', 'Til', 'Status'], data.instruments.map((i) => [
    text(i.type), text(i.make), text(i.model), text(i.serial_number), text(i.value), text(i.insurance_start), text(i.insurance_end), text(i.state),
  ]))}
${table('Meldinger vi har sendt deg', ['Sendt', 'Kanal', 'Emne', 'Til'], data.messages.map((msg) => [
    when(msg.sent_at), msg.channel === 'sms' ? 'SMS' : 'E-post', text(msg.subject), text(msg.sent_to),
  ]))}
${table('Samtykker', ['Når', 'Samtykke', 'Gitt', 'Hvor'], data.consents.map((c) => [
    when(c.changed_at), c.consent === 'newsletter_2' ? 'Nyhetsbrev 2' : 'Nyhetsbrev 3', text(c.given), SOURCE_WORDS[String(c.source)] ?? text(c.source),
  ]))}
${table('Dokumenter (filene ligger i mappen dokumenter)', ['Lastet opp', 'Instrument', 'Hva', 'Fil'], data.documents.map((d) => [
    when(d.created_at), text(d.instrument), DOCUMENT_WORDS[String(d.kind)] ?? text(d.kind), text(d.file),
  ]))}
${table('Fakturaer', ['Fakturadato', 'Nummer', 'Beløp', 'Betalt', 'Forfall', 'Status'], data.invoices.map((i) => [
    text(i.invoice_date), text(i.number), kroner(i.total_ore), kroner(i.paid_ore), text(i.due_date), INVOICE_WORDS[String(i.state)] ?? text(i.state),
  ]))}
${table('Skademeldinger', ['Meldt', 'Instrument', 'Hva', 'Når det skjedde', 'Status'], data.claims.map((c) => [
    when(c.created_at), text(c.instrument), CLAIM_WORDS[String(c.kind)] ?? text(c.kind), text(c.occurred_on), CLAIM_STATE_WORDS[String(c.state)] ?? text(c.state),
  ]))}
${table('Hvem har sett opplysningene dine', ['Når', 'Hvem', 'Hva', 'Detaljer'], data.access_log.map((entry) => [
    when(entry.at), staffName(entry), KIND_WORDS[String(entry.kind)] ?? text(entry.kind), text(entry.detail),
  ]))}
</body></html>
`;
}

/** The zip as a stream; yazl writes it while the reader pulls (a document's file is opened when its turn comes). */
export function memberZip(data: MemberExport, store: DocumentStore): Readable {
  const zip = new yazl.ZipFile();
  const mtime = new Date(data.exported_at);
  const files = data.documents.map(({ storage_key: key, ...document }) => ({ key, document }));
  const exported = { ...data, documents: files.map((file) => file.document) };
  zip.addBuffer(Buffer.from(JSON.stringify(exported, null, 2), 'utf8'), 'member.json', { mtime });
  zip.addBuffer(Buffer.from(exportSummaryHtml(exported), 'utf8'), 'sammendrag.html', { mtime });
  for (const { key, document } of files) {
    if (!key) continue;
    zip.addReadStreamLazy(document.file, { mtime: new Date(document.created_at as string), compress: false }, (done) => {
      store.get(key).then((stream) => done(null, stream), (error: unknown) => done(error, undefined as never));
    });
  }
  zip.end();
  return zip.outputStream as unknown as Readable;
}
