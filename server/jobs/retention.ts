/**
 * The retention rules, run daily by the job queue: what the portal no longer needs is removed
 * once its time is up (the settings in config.ts `retention`, listed in docs/SETTINGS.md).
 */
import type { Database } from '../db/database.ts';
import type { RetentionConfig } from '../config.ts';
import { purgeAccessLog } from '../domain/accounts/access-log.ts';
import { forgetImportFiles } from '../domain/members/member-import-erasure.ts';
import { dropAbandonedUploads } from '../domain/members/member-import-preview.ts';

export const RETENTION_QUEUE = 'retention';

export interface Retained {
  rejectedApplications: number;
  unfinishedRegistrations: number;
  messageBodies: number;
  accessLog: number;
  erasedMembers: number;
  importFiles: number;
  abandonedUploads: number;
}

const count = async (db: Database, sql: string, params: unknown[]) => (await db.query(`${sql} RETURNING 1`, params)).length;

export async function applyRetention(db: Database, rules: RetentionConfig): Promise<Retained> {
  return {
    // An applicant whose application was rejected and never taken in again, with nothing else
    // kept for the accounts (no subscription that ever ran, no payment).
    rejectedApplications: await count(
      db,
      `DELETE FROM accounts a
        WHERE a.role_id = 1 AND a.erased_at IS NULL
          AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.member_id = a.id AND s.kind = 'membership' AND s.state = 'rejected'
                         AND s.rejected_at < now() - make_interval(months => $1))
          AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.member_id = a.id
                            AND (s.state IN ('pending', 'active', 'ended') OR s.rejected_at >= now() - make_interval(months => $1)))
          AND NOT EXISTS (SELECT 1 FROM vipps_registrations v WHERE v.member_id = a.id AND v.captured_amount > 0)`,
      [rules.rejectedApplicationMonths],
    ),
    // Step one of sign-up done, step two never finished.
    unfinishedRegistrations: await count(
      db,
      `DELETE FROM accounts a
        WHERE a.role_id = 1 AND a.registration_completed = 0 AND a.erased_at IS NULL
          AND a.created_at < now() - make_interval(days => $1)
          AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.member_id = a.id AND s.state IN ('active', 'ended'))
          AND NOT EXISTS (SELECT 1 FROM vipps_registrations v WHERE v.member_id = a.id AND v.captured_amount > 0)`,
      [rules.unfinishedRegistrationDays],
    ),
    // The log keeps that a message was sent, to whom and its subject; the body goes.
    messageBodies: await count(
      db,
      `UPDATE message_log SET content = '', redacted = true
        WHERE sent_at < now() - make_interval(months => $1) AND content <> ''`,
      [rules.messageBodyMonths],
    ),
    accessLog: await purgeAccessLog(db, rules.accessLogMonths),
    // Bookkeeping rows of an erased member: the account row and all that hangs on it.
    erasedMembers: await count(db, 'DELETE FROM accounts WHERE erased_at < now() - make_interval(years => $1)', [rules.erasedBookkeepingYears]),
    // An import's file, and what was read from it, once its undo window has ended.
    importFiles: await forgetImportFiles(db),
    // An upload whose process died before its rows were all stored.
    abandonedUploads: await dropAbandonedUploads(db),
  };
}
