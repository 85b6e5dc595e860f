/** The staff member overview: members (roles 1 and 2) searched, filtered, sorted and paged. */
import type { Queryable } from '../../db/database.ts';
import type { MemberListItem } from '../../schemas/member.ts';
import { escapeLike, type SqlParams } from '../../lib/sql.ts';
import { parseListQuery, type ListDefinition } from '../../lib/list.ts';
import { queryItems, type Page } from '../../lib/paged-query.ts';
import { OPEN, OSLO_TODAY } from '../billing/invoices.ts';

/** The member has an active subscription of this kind (a literal of ours, never a request's value). */
export const hasSubscription = (kind: 'membership' | 'travel' | 'instrument') =>
  `EXISTS (SELECT 1 FROM subscriptions s WHERE s.member_id = a.id AND s.kind = '${kind}' AND s.state = 'active')`;

/** The member has an invoice past its due date with something outstanding (as the invoice list's 'overdue'). */
export const HAS_OVERDUE_INVOICE = `EXISTS (SELECT 1 FROM invoices i WHERE i.member_id = a.id AND ${OPEN} AND i.due_date < ${OSLO_TODAY})`;

/** The bits of the kinds of cover in a row's `active_kinds`. */
export const MEMBERSHIP = 1;
export const INSTRUMENT = 2;
export const TRAVEL = 4;

/** The kinds of the member `a`'s active covers as one number of bits, from one walk of subscriptions_member. */
export const ACTIVE_KINDS = `(SELECT bit_or(CASE s.kind WHEN 'membership' THEN ${MEMBERSHIP} WHEN 'instrument' THEN ${INSTRUMENT} WHEN 'travel' THEN ${TRAVEL} ELSE 0 END)
     FROM subscriptions s WHERE s.member_id = a.id AND s.state = 'active')`;

/**
 * A row's columns. The kinds of the member's active covers come from one walk of the member's
 * subscriptions (subscriptions_member, index only) rather than one per kind, as one number of
 * bits (an array of kinds cost each row an array parsed from text). The registration time comes
 * as the answer writes it (ISO 8601 in UTC, as toISOString), so no Date is made and turned back.
 */
const MEMBER_LIST_COLUMNS = `
  a.id, a.remote_id, a.role_id, a.first_name, a.last_name, a.email, a.phone, a.address, a.postal_code,
  a.postal_area, a.birthdate, a.status, a.blocked_access, a.registration_completed, NULL::text AS campaign_code,
  to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  ${ACTIVE_KINDS} AS active_kinds,
  ${HAS_OVERDUE_INVOICE} AS has_overdue_invoice`;

type MemberListRow = Omit<MemberListItem, 'has_membership' | 'has_instrument_insurance' | 'has_travel_insurance'> & {
  active_kinds: number | null;
};

/**
 * A row as the overview answers it: one object literal of a fixed shape per row, of the answer's
 * fields and types only (a rest copy of the row cost the list more CPU than anything else of ours
 * under load), written by JSON.stringify as it is (routes/members.ts).
 */
function listItem(row: MemberListRow): MemberListItem {
  const kinds = row.active_kinds ?? 0;
  return {
    id: row.id,
    remote_id: row.remote_id,
    role_id: row.role_id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    postal_code: row.postal_code,
    postal_area: row.postal_area,
    birthdate: row.birthdate,
    status: row.status,
    blocked_access: row.blocked_access,
    registration_completed: row.registration_completed,
    campaign_code: row.campaign_code,
    created_at: row.created_at,
    has_membership: (kinds & MEMBERSHIP) !== 0,
    has_instrument_insurance: (kinds & INSTRUMENT) !== 0,
    has_travel_insurance: (kinds & TRAVEL) !== 0,
    has_overdue_invoice: row.has_overdue_invoice,
  };
}

/** Every word must occur in the member's name, e-mail, phone, member number or artist name. */
export function searchCondition(values: string[], params: SqlParams): string {
  const words = values.join(' ').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'TRUE';
  return words.map((word) => `a.search_text LIKE ${params.add(`%${escapeLike(word)}%`)}`).join(' AND ');
}

export const memberList: ListDefinition = {
  filters: {
    name: searchCondition,
    status: (values, params) => `a.status IN (${params.list(values)})`,
    overdue_invoice: (values) => (values.includes('1') || values.includes('true') ? HAS_OVERDUE_INVOICE : `NOT ${HAS_OVERDUE_INVOICE}`),
    role_id: (values, params) => `a.role_id IN (${params.list(values.map(Number).filter((n) => n === 1 || n === 2))})`,
  },
  sorts: {
    id: 'a.id',
    remote_id: 'a.remote_id',
    first_name: 'a.first_name',
    last_name: 'a.last_name',
    name: ['a.first_name', 'a.last_name'],
    email: 'a.email',
    address: 'a.address',
    birthdate: 'a.birthdate',
    phone: 'a.phone',
    status: 'a.status',
    created_at: 'a.created_at',
  },
  defaultSort: '-id',
  tieBreaker: 'a.id',
  search: 'name',
  counter: 'members',
};

/** Accounts the overview lists, before the request's filters (the 'members' counter of migration 011 counts the same). */
export const MEMBERS_FROM = 'FROM accounts a WHERE a.role_id IN (1, 2) AND a.erased_at IS NULL';

export async function memberPage(db: Queryable, query: Record<string, unknown>): Promise<Page<MemberListItem>> {
  return queryItems(
    db,
    {
      from: MEMBERS_FROM,
      columns: MEMBER_LIST_COLUMNS,
      keyFirst: { key: 'a.id', table: 'accounts a', direct: true },
      // Migration 055 counts the overview's members per 1 000 ids, so 'gå til side' to the middle walks one block.
      blocks: { table: 'member_list_blocks', key: 'a.id', size: 1000 },
    },
    parseListQuery(query, memberList),
    listItem,
  );
}
