/** The welcome mails of an import's new members, each with a link to choose a password, sent a few at a time. */
import type { Database } from '../../db/database.ts';
import type { JobSender, Outbox } from '../messages/outbox.ts';
import { issueResetLink } from '../accounts/accounts.ts';
import { minSideAddress, sendTemplate } from '../messages/messages.ts';
import { NO_EMAIL_DOMAIN } from './member-import-model.ts';

export const MEMBER_IMPORT_WELCOME_QUEUE = 'member-import-welcome';

/** Sends the next few welcome mails of an import, then queues itself for the rest at the configured pace. */
export async function sendWelcomeMails(
  db: Database,
  jobs: JobSender,
  outbox: Outbox,
  publicUrl: string,
  perMinute: number,
  data: { importId: number; afterId: number },
): Promise<void> {
  const members = await db.query<{ id: number; email: string; first_name: string; last_name: string }>(
    `SELECT a.id, a.email, a.first_name, a.last_name
       FROM member_import_items i JOIN accounts a ON a.id = i.target_id
       JOIN member_imports m ON m.id = i.import_id AND m.state = 'done'
      -- Members only: an applicant or a rejected one has no membership to welcome to.
      WHERE i.import_id = $1 AND i.kind = 'member' AND i.action = 'create' AND a.id > $2 AND a.role_id = 2 AND a.status <> '2'
        AND a.password_hash IS NULL AND a.erased_at IS NULL
      ORDER BY a.id LIMIT $3`,
    [data.importId, data.afterId, perMinute],
  );
  for (const member of members) {
    if (member.email.endsWith(`@${NO_EMAIL_DOMAIN}`)) continue;
    await db.transaction(async (tx) => {
      const link = await issueResetLink(tx, member.email, publicUrl);
      await sendTemplate(tx, outbox, 'import-welcome', member, {
        values: { email: member.email },
        link: link ?? `${publicUrl}/profile/reset-password`,
        minSide: minSideAddress(publicUrl),
      });
    });
  }
  if (members.length === perMinute) {
    await jobs.send(MEMBER_IMPORT_WELCOME_QUEUE, { importId: data.importId, afterId: members[members.length - 1].id }, undefined, 60);
  }
}
