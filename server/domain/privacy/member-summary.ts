/**
 * `sammendrag.html` in the member's data export: everything a person would want to read, in
 * plain Norwegian words (no codes such as 'active' or 'EFAKTURA'), every date as dd.mm.åååå (with
 * kl. hh:mm for moments), amounts as 'kr 1 450,00', and a layout that reads on a phone (each
 * table row becomes a card of label and value). Every value is escaped.
 */
import { escapeHtml } from '../../lib/html.ts';
import { formatKroner, dottedDate } from '../billing/money.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import type { MemberExport } from './privacy.ts';

type Row = Record<string, unknown>;

const words =
  (table: Record<string, string>) =>
  (value: unknown): string =>
    table[String(value)] ?? text(value);

const documentKind = words({ receipt: 'Kvittering', appraisal: 'Takst', photo: 'Bilde' });
const accessKind = words({ read: 'Åpnet', export: 'Eksporterte', change: 'Endret', messages: 'Leste meldinger' });
const invoiceState = words({
  draft: 'Utkast',
  sent: 'Sendt',
  paid: 'Betalt',
  partly_paid: 'Delvis betalt',
  overdue: 'Forfalt',
  reminded: 'Purret',
  lapsed: 'Utmeldt',
  credited: 'Kreditert',
});
const claimKind = words({ theft: 'Tyveri', damage: 'Skade', loss: 'Tap' });
const claimState = words({ sent: 'Sendt', in_progress: 'Under behandling', decided: 'Avgjort', withdrawn: 'Trukket' });
const subscriptionState = words({ pending: 'Venter på behandling', active: 'Aktiv', rejected: 'Avvist', cancelled: 'Sagt opp', ended: 'Avsluttet' });
const instrumentState = words({ requested: 'Venter på behandling', active: 'Forsikret', rejected: 'Avvist', deleted: 'Fjernet' });
const invoiceMethod = words({ EFAKTURA: 'E-faktura', EMAIL: 'E-post', AVTALEGIRO: 'AvtaleGiro' });
const consentName = words({ newsletter_2: 'Nyhetsbrev 2', newsletter_3: 'Nyhetsbrev 3' });
const consentSource = words({
  'sign-up': 'innmeldingen',
  'min-side': 'Min side',
  staff: 'medlemsservice',
  unsubscribe: 'avmeldingslenken i en e-post eller SMS',
});

/** A value as text: '–' for nothing, Ja/Nei, dates as dd.mm.åååå. */
function text(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nei';
  if (value instanceof Date) return dottedDate(todayInOslo(value));
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return dottedDate(value);
  return String(value);
}

/** A moment: '05.01.2026 kl. 10:00' in Oslo time. */
function when(value: unknown): string {
  if (!value) return '–';
  const moment = new Date(value as string);
  const time = moment.toLocaleTimeString('nb-NO', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit' });
  return `${dottedDate(todayInOslo(moment))} kl. ${time}`;
}

const kroner = (ore: unknown): string => (typeof ore === 'number' ? formatKroner(ore) : '–');
const wholeKroner = (value: unknown): string => (typeof value === 'number' ? formatKroner(value * 100).replace(/,00$/, '') : '–');

const MEMBER_FIELDS: [string, string, (value: unknown) => string][] = [
  ['member_number', 'Medlemsnummer', text],
  ['first_name', 'Fornavn', text],
  ['last_name', 'Etternavn', text],
  ['email', 'E-post', text],
  ['phone', 'Mobil', text],
  ['address', 'Adresse', text],
  ['postal_code', 'Postnummer', text],
  ['postal_area', 'Poststed', text],
  ['birthdate', 'Fødselsdato', text],
  ['artist_name', 'Artistnavn', text],
  ['primary_instrument', 'Hovedinstrument', text],
  ['invoice_method', 'Fakturamåte', invoiceMethod],
  ['invoice_email', 'E-post for faktura', text],
  ['newsletter_2', 'Nyhetsbrev 2', text],
  ['newsletter_3', 'Nyhetsbrev 3', text],
  ['membership_start_date', 'Medlem fra', text],
  ['created_at', 'Registrert', text],
];

function table(caption: string, headers: string[], rows: string[][]): string {
  if (rows.length === 0) return `<h2>${escapeHtml(caption)}</h2><p>Ingen.</p>`;
  const head = headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((cell, i) => `<td data-label="${escapeHtml(headers[i])}">${escapeHtml(cell)}</td>`).join('')}</tr>`).join('\n');
  return `<h2>${escapeHtml(caption)}</h2><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** Label and value pairs: the label is each row's header, so a phone shows them as they are. */
function facts(caption: string, pairs: [string, string][]): string {
  const body = pairs.map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('\n');
  return `<h2>${escapeHtml(caption)}</h2><table class="facts"><tbody>${body}</tbody></table>`;
}

const staffName = (entry: Row) => {
  const staff = entry.staff as { first_name: string | null; last_name: string | null } | null;
  return staff ? `${staff.first_name ?? ''} ${staff.last_name ?? ''}`.trim() : '–';
};

const STYLE = `body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;line-height:1.4}
table{border-collapse:collapse;width:100%;margin-bottom:1.5rem}th,td{border:1px solid #888;padding:.3rem .5rem;text-align:left;vertical-align:top}
td{overflow-wrap:anywhere}
@media (max-width:40rem){body{margin:1rem auto}thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
table,tbody,tr,td{display:block}tr{border:1px solid #888;margin-bottom:.75rem}td{border:0;border-bottom:1px solid #ddd}
td::before{content:attr(data-label) ": ";font-weight:600}
.facts tr{border:0;margin:0}.facts th{display:block;border:0;padding-bottom:0}.facts td::before{content:none}}`;

/** The readable summary of the export. */
export function exportSummaryHtml(data: MemberExport): string {
  const m = data.member;
  return `<!doctype html>
<html lang="nb"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dine opplysninger i Musikerportalen</title><style>${STYLE}</style>
</head><body>
<h1>Dine opplysninger i Musikerportalen</h1>
<p>Hentet ${escapeHtml(when(data.exported_at))}. Alt vi har lagret om deg finnes også i filen member.json i samme zip-fil.</p>
${facts(
  'Personopplysninger',
  MEMBER_FIELDS.map(([key, label, show]) => [label, show(m[key])]),
)}
${table(
  'Abonnementer',
  ['Produkt', 'Status', 'Fra', 'Til'],
  data.subscriptions.map((s) => [
    text((s.product as { name?: string } | null)?.name),
    subscriptionState(s.state),
    text(s.subscription_start),
    text(s.subscription_end),
  ]),
)}
${table(
  'Instrumenter',
  ['Type', 'Merke', 'Modell', 'Serienummer', 'Verdi', 'Fra', 'Til', 'Status'],
  data.instruments.map((i) => [
    text(i.type),
    text(i.make),
    text(i.model),
    text(i.serial_number),
    wholeKroner(i.value),
    text(i.insurance_start),
    text(i.insurance_end),
    instrumentState(i.state),
  ]),
)}
${table(
  'Meldinger vi har sendt deg',
  ['Sendt', 'Kanal', 'Emne', 'Til'],
  data.messages.map((msg) => [when(msg.sent_at), msg.channel === 'sms' ? 'SMS' : 'E-post', text(msg.subject), text(msg.sent_to)]),
)}
${table(
  'Samtykker',
  ['Når', 'Samtykke', 'Gitt', 'Hvor'],
  data.consents.map((c) => [when(c.changed_at), consentName(c.consent), text(c.given), consentSource(c.source)]),
)}
${table(
  'Dokumenter (filene ligger i mappen dokumenter)',
  ['Lastet opp', 'Instrument', 'Hva', 'Fil'],
  data.documents.map((d) => [when(d.created_at), text(d.instrument), documentKind(d.kind), text(d.file)]),
)}
${table(
  'Fakturaer',
  ['Fakturadato', 'Nummer', 'Beløp', 'Forfall', 'Status'],
  data.invoices.map((i) => [text(i.invoice_date), text(i.number), kroner(i.total_ore), text(i.due_date), invoiceState(i.state)]),
)}
${table(
  'Skademeldinger',
  ['Meldt', 'Instrument', 'Hva', 'Når det skjedde', 'Status'],
  data.claims.map((c) => [when(c.created_at), text(c.instrument), claimKind(c.kind), text(c.occurred_on), claimState(c.state)]),
)}
${table(
  'Hvem har sett opplysningene dine',
  ['Når', 'Hvem', 'Hva', 'Detaljer'],
  data.access_log.map((entry) => [when(entry.at), staffName(entry), accessKind(entry.kind), text(entry.detail)]),
)}
</body></html>
`;
}
