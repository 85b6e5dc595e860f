/** What the privacy routes do, each as one call. */
import type { Readable } from 'node:stream';
import type { Database } from '../../db/database.ts';
import type { Member } from '../../schemas/member.ts';
import { notFound } from '../../lib/http-errors.ts';
import { loadMember } from '../members/members.ts';
import { eraseMember, memberExportData } from './privacy.ts';
import { memberZip } from './member-zip.ts';
import type { AccessLogWriter } from '../accounts/access-log.ts';
import type { DocumentStore } from '../documents/store.ts';
import { removeLeftoverFiles } from '../documents/files.ts';

/** The member's export zip, their documents' files in it; 404 for no such member. */
export async function exportZipOf(db: Database, accessLog: AccessLogWriter, documents: DocumentStore, memberId: number): Promise<Readable> {
  // The member's log in the export includes what this process has not written yet.
  await accessLog.flush();
  const data = await memberExportData(db, memberId);
  if (!data) throw notFound();
  return memberZip(data, documents);
}

/**
 * Erases (422 on a wrong number, 404 for no such member) and answers the member as now stored.
 * The files of their documents leave the document store after the commit; a store that does not
 * answer now leaves them to the hourly clean-up, which tries until they are gone.
 */
export async function eraseAndLoad(db: Database, documents: DocumentStore, memberId: number, typed: string | number, staffId: number): Promise<Member> {
  if (!(await eraseMember(db, memberId, typed, staffId))) throw notFound();
  await removeLeftoverFiles(db, documents, { uploads: false }).catch(() => undefined);
  return (await loadMember(db, memberId))!;
}
