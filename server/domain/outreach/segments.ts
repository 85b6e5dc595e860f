/**
 * Groups of members ('Utvalg') as staff keep them: a name and a filter (segment-filter.ts). Who is
 * in a group, and how many, is read from the register each time it is asked for, never stored.
 */
import type { Queryable } from '../../db/database.ts';
import { validationFailed } from '../../lib/http-errors.ts';
import { SqlParams } from '../../lib/sql.ts';
import { RULE_MESSAGES } from '../../schemas/rules.ts';
import type { Segment, SegmentBody, SegmentCount, SegmentFilter, SegmentPatch, SegmentSampleMember } from '../../schemas/segments.ts';
import { checkFilter, membersOf } from './segment-filter.ts';

/** How many of the group's members the count shows by name. */
export const SAMPLE_SIZE = 10;

interface SegmentRow {
  id: number;
  name: string;
  filter: SegmentFilter;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `s.id, s.name, s.filter, s.created_at, s.updated_at,
  CASE WHEN c.id IS NULL THEN NULL ELSE c.first_name || ' ' || c.last_name END AS created_by`;
const FROM = 'FROM segments s LEFT JOIN accounts c ON c.id = s.created_by';

function checkName(name: string | undefined): string {
  const trimmed = name?.trim() ?? '';
  if (trimmed.length === 0) throw validationFailed({ name: [RULE_MESSAGES.fillIn] });
  return trimmed;
}

/** How many members the filter holds now, and the first few of them by name. */
export async function countMembers(db: Queryable, filter: unknown): Promise<SegmentCount> {
  const checked = checkFilter(filter);
  const countParams = new SqlParams();
  const [{ count }] = await db.query<{ count: number }>(`SELECT count(*)::int AS count ${membersOf(checked, countParams)}`, countParams.values);
  const sampleParams = new SqlParams();
  const sample =
    count === 0
      ? []
      : await db.query<SegmentSampleMember>(
          `SELECT a.id, a.remote_id AS member_number, a.first_name || ' ' || a.last_name AS name
       ${membersOf(checked, sampleParams)}
      ORDER BY a.last_name, a.first_name, a.id LIMIT ${SAMPLE_SIZE}`,
          sampleParams.values,
        );
  return { count, sample };
}

async function withCount(db: Queryable, row: SegmentRow): Promise<Segment> {
  const { count } = await countMembers(db, row.filter);
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString(), count };
}

/** Every group, by name, each with its members counted now. */
export async function listSegments(db: Queryable): Promise<Segment[]> {
  const rows = await db.query<SegmentRow>(`SELECT ${COLUMNS} ${FROM} ORDER BY lower(s.name), s.id`);
  return Promise.all(rows.map((row) => withCount(db, row)));
}

async function segmentRow(db: Queryable, id: number): Promise<SegmentRow | null> {
  const [row] = await db.query<SegmentRow>(`SELECT ${COLUMNS} ${FROM} WHERE s.id = $1`, [id]);
  return row ?? null;
}

export async function findSegment(db: Queryable, id: number): Promise<Segment | null> {
  const row = await segmentRow(db, id);
  return row ? withCount(db, row) : null;
}

export async function createSegment(db: Queryable, body: SegmentBody, staffId: number): Promise<Segment> {
  const name = checkName(body.name);
  const filter = checkFilter(body.filter);
  const [{ id }] = await db.query<{ id: number }>('INSERT INTO segments (name, filter, created_by) VALUES ($1, $2::jsonb, $3) RETURNING id', [
    name,
    JSON.stringify(filter),
    staffId,
  ]);
  return (await findSegment(db, id))!;
}

/** Renames the group or gives it a new filter (the whole filter: keys left out no longer filter). */
export async function updateSegment(db: Queryable, id: number, patch: SegmentPatch): Promise<Segment | null> {
  const name = patch.name === undefined ? null : checkName(patch.name);
  const filter = patch.filter === undefined ? null : JSON.stringify(checkFilter(patch.filter));
  const rows = await db.query(
    `UPDATE segments SET name = coalesce($2, name), filter = coalesce($3::jsonb, filter), updated_at = now()
      WHERE id = $1 RETURNING id`,
    [id, name, filter],
  );
  return rows.length > 0 ? findSegment(db, id) : null;
}

export async function deleteSegment(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.query('DELETE FROM segments WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

/** The saved group's members counted now; null when there is no such group. */
export async function countSegment(db: Queryable, id: number): Promise<SegmentCount | null> {
  const row = await segmentRow(db, id);
  return row ? countMembers(db, row.filter) : null;
}
