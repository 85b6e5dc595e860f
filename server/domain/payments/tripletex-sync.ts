/**
 * The order sync with Tripletex: staff start a run (GET /api/dev/sync-tripletex), a job runs it.
 * Each accepted member with an accepted subscription not yet synced is found in Tripletex by
 * member number (and updated) or created, then gets one order per such subscription, found by
 * our own reference first: a run cut off half-way, run again, creates nothing twice.
 */
import type { Database, Queryable } from '../../db/database.ts';
import type { JobSender } from '../messages/outbox.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { parseListQuery, type ListDefinition } from '../../lib/list.ts';
import { queryPage, type Page } from '../../lib/paged-query.ts';
import { TripletexError, type TripletexClient, type TripletexCustomerInput, type TripletexSession } from '../../adapters/tripletex.ts';
import type { TripletexRun } from '../../schemas/settings.ts';
import { todayInOslo } from '../shared/oslo-date.ts';

export const TRIPLETEX_QUEUE = 'tripletex-sync';
export const TRIPLETEX_NOT_CONFIGURED =
  'Tripletex er ikke satt opp på denne serveren. Driftsansvarlig må sette TRIPLETEX_CONSUMER_TOKEN og TRIPLETEX_EMPLOYEE_TOKEN.';
/** A run still marked running after this long was cut off (a stopped server): it is closed as failed. */
const STALE_MINUTES = 20;

/** Our reference on a subscription's order in Tripletex. */
export const orderReference = (subscriptionId: number) => `MP-ABO-${subscriptionId}`;

const COLUMNS = `r.id, r.state,
  CASE WHEN s.id IS NULL THEN NULL ELSE json_build_object('id', s.id, 'first_name', s.first_name, 'last_name', s.last_name) END AS started_by,
  r.customers_created, r.customers_updated, r.orders_created, r.orders_found, r.failures, r.error, r.created_at, r.finished_at`;
const FROM = 'FROM tripletex_runs r LEFT JOIN accounts s ON s.id = r.started_by WHERE TRUE';

const runList: ListDefinition = { filters: {}, sorts: { id: 'r.id', created_at: 'r.created_at' }, defaultSort: '-id', tieBreaker: 'r.id' };

export const tripletexRunPage = (db: Queryable, query: Record<string, unknown>): Promise<Page<TripletexRun>> =>
  queryPage<TripletexRun>(db, { from: FROM, columns: COLUMNS }, parseListQuery(query, runList));

export async function findTripletexRun(db: Queryable, id: number): Promise<TripletexRun | null> {
  const [row] = await db.query<TripletexRun>(`SELECT ${COLUMNS} ${FROM} AND r.id = $1`, [id]);
  return row ?? null;
}

/**
 * Queues a run, or answers the one already queued or running. 503 with a clear message when
 * Tripletex is not set up.
 */
export async function startTripletexSync(db: Database, jobs: JobSender, configured: boolean, staffId: number): Promise<TripletexRun> {
  if (!configured) throw new HttpError(503, { message: TRIPLETEX_NOT_CONFIGURED });
  const id = await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('tripletex-sync'))");
    await tx.query(
      `UPDATE tripletex_runs SET state = 'failed', finished_at = now(), error = 'Kjøringen ble avbrutt før den var ferdig'
        WHERE state IN ('queued', 'running') AND created_at < now() - make_interval(mins => $1)`,
      [STALE_MINUTES],
    );
    const [open] = await tx.query<{ id: number }>("SELECT id FROM tripletex_runs WHERE state IN ('queued', 'running') ORDER BY id DESC LIMIT 1");
    if (open) return open.id;
    const [row] = await tx.query<{ id: number }>('INSERT INTO tripletex_runs (started_by) VALUES ($1) RETURNING id', [staffId]);
    await jobs.send(TRIPLETEX_QUEUE, { runId: row.id }, tx);
    return row.id;
  });
  return (await findTripletexRun(db, id))!;
}

interface Due extends CustomerRow {
  subscription_id: number;
  member_id: number;
  product: string;
  amount: number;
  order_date: string;
  customer_id: number | null;
}

/** Accepted subscriptions of accepted members without an order in Tripletex yet. */
const dueSubscriptions = (db: Queryable) =>
  db.query<Due>(
    `SELECT s.id AS subscription_id, a.id AS member_id, a.remote_id, a.first_name, a.last_name, a.email, a.phone, a.address,
            a.postal_code, a.postal_area, a.invoice_method, a.invoice_email, p.name AS product,
            coalesce(s.value, p.price) AS amount,
            coalesce(s.subscription_start, (s.validated_at AT TIME ZONE 'Europe/Oslo')::date, (s.created_at AT TIME ZONE 'Europe/Oslo')::date)::text AS order_date,
            c.tripletex_id AS customer_id
       FROM subscriptions s
       JOIN accounts a ON a.id = s.member_id
       JOIN products p ON p.id = s.product_id
       LEFT JOIN tripletex_links c ON c.kind = 'customer' AND c.local_id = a.id
      WHERE s.state = 'active' AND s.deleted_at IS NULL AND a.remote_id IS NOT NULL AND a.role_id IN (1, 2) AND a.erased_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM tripletex_links o WHERE o.kind = 'order' AND o.local_id = s.id)
        -- A subscription on an invoice of the Tripletex ledger is charged by that invoice's order.
        AND NOT EXISTS (SELECT 1 FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id
                         WHERE l.subscription_id = s.id AND i.tripletex_wanted_at IS NOT NULL)
      ORDER BY a.id, s.id`,
  );

/** What Tripletex is told of a member (its customer), from the account's row. */
export interface CustomerRow {
  remote_id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  postal_code: string | null;
  postal_area: string | null;
  invoice_method: string | null;
  invoice_email: string | null;
}

export const customerOf = (row: CustomerRow): TripletexCustomerInput => ({
  customerNumber: row.remote_id,
  name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || `Medlem ${row.remote_id}`,
  email: row.email,
  phoneNumberMobile: row.phone,
  invoiceSendMethod: row.invoice_method === 'EFAKTURA' ? 'EFAKTURA' : 'EMAIL',
  invoiceEmail: row.invoice_method === 'EMAIL' ? row.invoice_email : null,
  postalAddress: { addressLine1: row.address, postalCode: row.postal_code, city: row.postal_area },
});

export const linkTripletex = (db: Queryable, kind: 'customer' | 'order', localId: number, tripletexId: number) =>
  db.query(
    `INSERT INTO tripletex_links (kind, local_id, tripletex_id) VALUES ($1, $2, $3)
     ON CONFLICT (kind, local_id) DO UPDATE SET tripletex_id = EXCLUDED.tripletex_id, synced_at = now()`,
    [kind, localId, tripletexId],
  );

/**
 * The member's customer in Tripletex: the one linked already, or found by member number (and
 * updated), or made now; linked to the member so the next time asks Tripletex nothing.
 */
export async function ensureCustomer(
  db: Queryable,
  session: TripletexSession,
  memberId: number,
  linked: number | null,
  member: CustomerRow,
): Promise<{ id: number; made: 'linked' | 'updated' | 'created' }> {
  if (linked !== null) return { id: linked, made: 'linked' };
  const found = await session.findCustomer(member.remote_id);
  let result: { id: number; made: 'updated' | 'created' };
  if (found) {
    await session.updateCustomer(found.id, customerOf(member));
    result = { id: found.id, made: 'updated' };
  } else {
    result = { id: (await session.createCustomer(customerOf(member))).id, made: 'created' };
  }
  await linkTripletex(db, 'customer', memberId, result.id);
  return result;
}

type Counter = 'customers_created' | 'customers_updated' | 'orders_created' | 'orders_found';

/** Runs one sync (the job's work); every failure is kept on the run in Norwegian. */
export async function runTripletexSync(db: Database, client: TripletexClient | null, runId: number): Promise<void> {
  const [claimed] = await db.query<{ id: number }>(
    "UPDATE tripletex_runs SET state = 'running' WHERE id = $1 AND state IN ('queued', 'running') RETURNING id",
    [runId],
  );
  if (!claimed) return;
  const count = (counter: Counter) => db.query(`UPDATE tripletex_runs SET ${counter} = ${counter} + 1 WHERE id = $1`, [runId]);
  const fail = (what: string, message: string) =>
    db.query('UPDATE tripletex_runs SET failures = failures || $2::jsonb WHERE id = $1', [runId, JSON.stringify([{ what, message }])]);
  const finish = (state: 'done' | 'failed', error: string | null = null) =>
    db.query('UPDATE tripletex_runs SET state = $2, error = $3, finished_at = now() WHERE id = $1', [runId, state, error]);

  if (!client) return void (await finish('failed', TRIPLETEX_NOT_CONFIGURED));
  try {
    const session = await client.open();
    const due = await dueSubscriptions(db);
    const byMember = new Map<number, Due[]>();
    for (const row of due) byMember.set(row.member_id, [...(byMember.get(row.member_id) ?? []), row]);
    for (const rows of byMember.values()) {
      const member = rows[0];
      const who = `Medlem ${member.remote_id} (${member.first_name} ${member.last_name})`;
      let customerId: number;
      try {
        const customer = await ensureCustomer(db, session, member.member_id, member.customer_id, member);
        customerId = customer.id;
        if (customer.made === 'updated') await count('customers_updated');
        if (customer.made === 'created') await count('customers_created');
      } catch (error) {
        if (!(error instanceof TripletexError)) throw error;
        await fail(who, `Kunden kunne ikke lagres: ${error.message}`);
        continue;
      }
      for (const row of rows) {
        const reference = orderReference(row.subscription_id);
        try {
          const existing = await session.findOrder(customerId, reference);
          if (existing) {
            await linkTripletex(db, 'order', row.subscription_id, existing.id);
            await count('orders_found');
            continue;
          }
          const order = await session.createOrder({
            customerId,
            reference,
            orderDate: row.order_date || todayInOslo(),
            description: row.product,
            amount: row.amount,
          });
          await linkTripletex(db, 'order', row.subscription_id, order.id);
          await count('orders_created');
        } catch (error) {
          if (!(error instanceof TripletexError)) throw error;
          await fail(`${who}, ${row.product}`, `Ordren kunne ikke lages: ${error.message}`);
        }
      }
    }
    await finish('done');
  } catch (error) {
    const message = error instanceof TripletexError ? error.message : 'Uventet feil under synkroniseringen';
    await finish('failed', message);
    if (!(error instanceof TripletexError)) throw error;
  }
}

/** The list's filters and sorts, which the route's query schema documents (lib/list.ts listQuery). */
export { runList };
