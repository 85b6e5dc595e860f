/** The message log: what each member has been sent, by whom and how it was delivered. */
import type { Queryable } from '../db/database.ts';
import type { Template } from '../domain/messages/messages.ts';
import { fillTemplate } from '../domain/messages/messages.ts';
import { escapeHtml } from '../lib/html.ts';
import type { DemoContext, DemoMember, Staff } from './context.ts';
import { isMember } from './accounts.ts';
import { addDays, at } from './dates.ts';
import { insertRows, idCounter, syncSequence, type Row } from './insert.ts';

export interface RejectedInstrument {
  member_id: number;
  rejected_at: string;
  rejected_by: number;
  reason: string;
}

type Templates = Map<string, Template>;

async function loadTemplates(db: Queryable): Promise<Templates> {
  const rows = await db.query<Template & { slug: string }>('SELECT slug, title, content, from_name, from_email FROM email_templates WHERE slug IS NOT NULL');
  return new Map(rows.map((row) => [row.slug, row]));
}

/** An older message went out by SMTP; recent ones wait in the outbox, as on a fresh install. */
const deliveryFor = (context: DemoContext, sentAt: string, channel: 'email' | 'sms') =>
  sentAt.slice(0, 10) >= addDays(context.today, -30) ? 'outbox' : channel === 'sms' ? 'sms_gateway' : 'smtp';

/** Puts the staff member's own words after the greeting, as the reject dialog does. */
const withReason = (html: string, reason: string) => html.replace('</p>', `</p>\n<p>${escapeHtml(reason)}</p>`);

export class MessageLog {
  readonly rows: Row[] = [];
  private readonly context: DemoContext;
  private readonly templates: Templates;

  private constructor(context: DemoContext, templates: Templates) {
    this.context = context;
    this.templates = templates;
  }

  static async open(db: Queryable, context: DemoContext): Promise<MessageLog> {
    return new MessageLog(context, await loadTemplates(db));
  }

  email(member: DemoMember, slug: string, sentAt: string, sender: Staff | null, reason?: string): void {
    const template = this.templates.get(slug);
    if (!template) throw new Error(`E-postmalen «${slug}» finnes ikke`);
    const values = { first_name: member.first_name, last_name: member.last_name };
    const html = fillTemplate(template.content, values, true);
    this.add(member, 'email', fillTemplate(template.title, values, false), reason ? withReason(html, reason) : html, sentAt, sender, template);
  }

  custom(member: DemoMember, subject: string, html: string, sentAt: string, sender: Staff): void {
    this.add(member, 'email', subject, html, sentAt, sender, { from_name: 'Medlemsservice', from_email: 'post@example.no' });
  }

  memberCard(member: DemoMember, sentAt: string, sender: Staff): void {
    const template = this.templates.get('member-card');
    if (!template) throw new Error('E-postmalen «member-card» finnes ikke');
    const values = {
      first_name: member.first_name,
      member_number: String(member.remote_id ?? ''),
      campaign_code: member.campaign_code ?? '',
    };
    this.add(member, 'sms', template.title, fillTemplate(template.content, values, false), sentAt, sender, template, member.phone);
  }

  private add(
    member: DemoMember,
    channel: 'email' | 'sms',
    subject: string,
    content: string,
    sentAt: string,
    sender: Staff | null,
    from: Pick<Template, 'from_name' | 'from_email'>,
    to = member.email,
  ): void {
    this.rows.push({
      member_id: member.id,
      channel,
      subject,
      email_from: channel === 'email' ? from.from_email : null,
      from_name: channel === 'email' ? from.from_name : null,
      email_to: to,
      content,
      sender_id: sender?.id ?? null,
      delivery: deliveryFor(this.context, sentAt, channel),
      error: null,
      sent_at: sentAt,
    });
  }

  async save(db: Queryable): Promise<void> {
    const nextId = await idCounter(db, 'message_log');
    const rows = [...this.rows].sort((a, b) => String(a.sent_at).localeCompare(String(b.sent_at))).map((row) => ({ id: nextId(), ...row }));
    await insertRows(db, 'message_log', rows);
    await syncSequence(db, 'message_log');
  }
}

/** What the organisation has sent each member: receipts, welcomes, rejections and member cards. */
export function logMemberMessages(
  context: DemoContext,
  log: MessageLog,
  members: readonly DemoMember[],
  rejectedInstruments: readonly RejectedInstrument[],
): void {
  const { random } = context;
  const byId = new Map(members.map((member) => [member.id, member]));
  const staffById = new Map(context.staff.map((staff) => [staff.id, staff]));
  for (const member of members) {
    if (member.state !== 'incomplete') log.email(member, 'registration-received', member.applied_at, null);
    if (isMember(member) && member.handled_at) log.email(member, 'welcome', member.handled_at, member.handled_by);
    // Staff may reject without sending the e-mail.
    if (member.state === 'rejected' && member.handled_at && random.chance(0.8)) {
      log.email(member, 'membership-rejected', member.handled_at, member.handled_by, member.reason_for_rejection ?? undefined);
    }
    if (isMember(member) && member.campaign_code && random.chance(0.6)) {
      log.memberCard(member, at(addDays(member.since, random.int(0, 20)), random.int(9 * 60, 15 * 60)), random.pick(context.staff));
    }
  }
  for (const rejection of rejectedInstruments) {
    const member = byId.get(rejection.member_id);
    if (member) log.email(member, 'instrument-rejected', rejection.rejected_at, staffById.get(rejection.rejected_by) ?? null, rejection.reason);
  }
}
