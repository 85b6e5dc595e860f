/**
 * Drafts of a send: written, changed and deleted while nothing has been sent. A scheduled send
 * that is changed goes back to being a draft (staff send it again, confirming the count anew).
 */
import type { Database, Queryable } from '../../db/database.ts';
import { conflict, validationFailed } from '../../lib/http-errors.ts';
import { sanitizeMailHtml } from '../../lib/mail-html.ts';
import type { Outreach, OutreachBody, OutreachPatch } from '../../schemas/outreach.ts';
import { STATE_MESSAGES, outreachOf, outreachRecord } from './outreach-model.ts';
import { OUTREACH_MESSAGES, draftErrors, type DraftFields } from './outreach-validate.ts';

async function segmentName(db: Queryable, id: number): Promise<string | null> {
  const [row] = await db.query<{ name: string }>('SELECT name FROM segments WHERE id = $1', [id]);
  return row?.name ?? null;
}

/** The fields checked (422 by field) and ready to store: the body sanitised, an empty SMS text as none. */
async function checked(db: Queryable, fields: DraftFields, publicUrl: string): Promise<DraftFields & { segment_name: string }> {
  const errors = draftErrors(fields, publicUrl);
  const name = await segmentName(db, fields.segment_id);
  if (name === null) errors.segment_id = [OUTREACH_MESSAGES.segment];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const smsText = fields.sms_text?.trim() ? fields.sms_text : null;
  return { ...fields, body: fields.body === '' ? '' : sanitizeMailHtml(fields.body), sms_text: smsText, segment_name: name! };
}

const VALUES = 'segment_id, segment_name, kind, channel, subject, body, sms_text, send_at';

export async function createOutreach(db: Queryable, body: OutreachBody, staffId: number, publicUrl: string): Promise<Outreach> {
  const fields = await checked(
    db,
    {
      segment_id: body.segment_id,
      kind: body.kind,
      channel: body.channel,
      subject: body.subject ?? '',
      body: body.body ?? '',
      sms_text: body.sms_text ?? null,
      send_at: body.send_at ?? null,
    },
    publicUrl,
  );
  const [{ id }] = await db.query<{ id: number }>(`INSERT INTO outreaches (${VALUES}, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`, [
    fields.segment_id,
    fields.segment_name,
    fields.kind,
    fields.channel,
    fields.subject.trim(),
    fields.body,
    fields.sms_text,
    fields.send_at,
    staffId,
  ]);
  return outreachOf(db, id);
}

/** Changes a draft (or a scheduled send, which becomes a draft again); 409 once it has started. */
export async function updateOutreach(db: Database, id: number, patch: OutreachPatch, publicUrl: string): Promise<Outreach> {
  return db.transaction(async (tx) => {
    const current = await outreachRecord(tx, id, true);
    if (current.state !== 'draft' && current.state !== 'scheduled') throw conflict(STATE_MESSAGES.notEditable);
    const fields = await checked(
      tx,
      {
        segment_id: patch.segment_id ?? current.segment_id ?? 0,
        kind: patch.kind ?? current.kind,
        channel: patch.channel ?? current.channel,
        subject: patch.subject ?? current.subject,
        body: patch.body ?? current.body,
        sms_text: patch.sms_text === undefined ? current.sms_text : patch.sms_text,
        send_at: patch.send_at === undefined ? (current.send_at?.toISOString() ?? null) : patch.send_at,
      },
      publicUrl,
    );
    await tx.query(
      `UPDATE outreaches SET segment_id = $2, segment_name = $3, kind = $4, channel = $5, subject = $6, body = $7, sms_text = $8,
              send_at = $9, state = 'draft', confirmed_count = NULL, updated_at = now()
        WHERE id = $1`,
      [id, fields.segment_id, fields.segment_name, fields.kind, fields.channel, fields.subject.trim(), fields.body, fields.sms_text, fields.send_at],
    );
    return outreachOf(tx, id);
  });
}

/** Deletes a draft; 409 for anything else (a started send keeps its report). */
export async function deleteOutreach(db: Database, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await outreachRecord(tx, id, true);
    if (current.state !== 'draft') throw conflict(STATE_MESSAGES.notDeletable);
    await tx.query('DELETE FROM outreaches WHERE id = $1', [id]);
  });
}
