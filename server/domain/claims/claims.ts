/**
 * Claims ('Skademelding') as staff and the member read them: one claim with its documents and its
 * history, a member's claims, and whose a claim is. A member reaches only their own: another
 * member's claim answers the same 404 as one that does not exist.
 *
 * Made in claim-create.ts, moved between states in claim-states.ts, listed for staff in
 * claim-list.ts; the packet (PDF and zip) in claim-pdf.ts and claim-zip.ts, the mails in claim-mail.ts.
 */
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { Claim, ClaimDocument, ClaimEvent } from '../../schemas/claims.ts';

/** Who asks: staff reach every claim, a member their own. */
export interface ClaimActor {
  id: number;
  staff: boolean;
}

/** The claim's number as the packet, the mails and the member see it. */
export const claimNumber = (id: number): string => String(id);

export const CLAIM_COLUMNS = `c.id, c.member_id, c.instrument_id, c.kind, c.occurred_on, c.place, c.country, c.description,
  c.police_report, c.state, c.outcome, c.note, c.created_at, c.updated_at`;

/** A document row in the documents API's shape; `in_claim` is true for every document a claim carries. */
export const DOCUMENT_COLUMNS = `d.id, d.instrument_id, d.member_id, d.kind, d.valued_on, d.value, d.file_name, d.content_type, d.size,
  d.width, d.height, (d.thumbnail_key IS NOT NULL) AS has_thumbnail, true AS in_claim, d.created_at`;

/** A document of a claim with where its bytes are kept (never in an answer). */
export type StoredDocument = ClaimDocument & { storage_key: string };

/** The documents a claim carries, in the order they were uploaded. */
export function claimDocuments(db: Queryable, claimId: number): Promise<StoredDocument[]> {
  return db.query<StoredDocument>(
    `SELECT ${DOCUMENT_COLUMNS}, d.storage_key
       FROM claim_documents cd JOIN documents d ON d.id = cd.document_id
      WHERE cd.claim_id = $1 ORDER BY d.created_at, d.id`,
    [claimId],
  );
}

function claimEvents(db: Queryable, claimId: number): Promise<ClaimEvent[]> {
  return db.query<ClaimEvent>('SELECT state, outcome, note, created_at FROM claim_events WHERE claim_id = $1 ORDER BY created_at, id', [claimId]);
}

/** The claim with its snapshot, documents and history, or null when there is none. */
export async function loadClaim(db: Queryable, id: number): Promise<Claim | null> {
  const [row] = await db.query<Omit<Claim, 'documents' | 'events'>>(`SELECT ${CLAIM_COLUMNS}, c.snapshot FROM claims c WHERE c.id = $1`, [id]);
  if (!row) return null;
  const documents = await claimDocuments(db, id);
  return {
    ...row,
    documents: documents.map(({ storage_key: _key, ...document }) => document),
    events: await claimEvents(db, id),
  };
}

/** The claim for someone who may see it; 404 for another member's or none. */
export async function claimFor(db: Queryable, actor: ClaimActor, id: number): Promise<Claim> {
  const claim = await loadClaim(db, id);
  if (!claim || (!actor.staff && claim.member_id !== actor.id)) throw notFound();
  return claim;
}

/** A member's claims, newest first (staff, or the member themself; 404 for another member or none). */
export async function memberClaims(db: Queryable, actor: ClaimActor, memberId: number): Promise<Claim[]> {
  if (!actor.staff && actor.id !== memberId) throw notFound();
  const [member] = await db.query('SELECT 1 FROM accounts WHERE id = $1 AND role_id IN (1, 2)', [memberId]);
  if (!member) throw notFound();
  const ids = await db.query<{ id: number }>('SELECT id FROM claims WHERE member_id = $1 ORDER BY created_at DESC, id DESC', [memberId]);
  const claims: Claim[] = [];
  for (const { id } of ids) claims.push((await loadClaim(db, id))!);
  return claims;
}

/** The member a claim belongs to (for the access log). */
export async function claimOwner(db: Queryable, id: number): Promise<number | null> {
  const [row] = await db.query<{ member_id: number }>('SELECT member_id FROM claims WHERE id = $1', [id]);
  return row?.member_id ?? null;
}
