/**
 * Staff accept or reject what a member asked for about instruments: a new instrument, or a change
 * or delete of an insured one. Each goes through the one request state machine: the rows are
 * locked, each row's request state is read in `requestState` and asked of `nextState`, so a
 * request already handled answers 409 and nothing of the batch is saved. Accepting applies it and
 * keeps the insurance's lines in step (the first accepted instrument starts the insurance);
 * rejecting keeps the reason and, when asked, mails it with the instrument template (2).
 */
import type { Database, Queryable } from '../../db/database.ts';
import type { Outbox } from '../messages/outbox.ts';
import { notFound } from '../../lib/http-errors.ts';
import type { Instrument } from '../../schemas/instruments.ts';
import { sendRejectionMail } from '../messages/messages.ts';
import { nextState, rejectionReason, type RequestState } from './request-machine.ts';
import { loadInstrument } from '../insurance/instruments.ts';
import { endInstrument, lockInstruments } from '../insurance/instrument-changes.ts';
import { syncInstrumentInsurance } from '../insurance/instrument-insurance.ts';
import { snapshotInstrument } from '../insurance/iterations.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { invoiceRestOfYear } from '../billing/first-invoice.ts';
import type { BillingConfig } from '../../config.ts';

type Locked = Awaited<ReturnType<typeof lockInstruments>>[number];

/** The one place an instrument's state is read as a request's: new or changed rows wait ('pending'). */
export function requestState(row: Pick<Locked, 'state' | 'requested_change'>): RequestState | 'deleted' {
  if (row.state === 'requested') return 'pending';
  if (row.state === 'active') return row.requested_change ? 'pending' : 'active';
  if (row.state === 'rejected') return 'rejected';
  return 'deleted';
}

export type InstrumentAction = { action: 'accept' } | { action: 'reject'; reason: string; sendEmail: boolean };

/** Which instruments: one by id (any member), or several that must all be `memberId`'s. */
export interface Selection {
  ids: readonly number[];
  memberId?: number;
}

async function accept(tx: Queryable, row: Locked, staffId: number, today: string): Promise<void> {
  const change = row.state === 'active' ? row.requested_change : null;
  if (change?.delete) {
    await endInstrument(tx, row.id, today);
    return;
  }
  const values = change ?? row;
  await tx.query(
    `UPDATE instruments
        SET state = 'active', instrument_category = $2, make = $3, model = $4, serial_number = $5, value = $6,
            requested_change = NULL, validated_at = now(), validated_by = $7,
            rejected_at = NULL, rejected_by = NULL, reason_for_rejection = NULL, updated_at = now()
      WHERE id = $1`,
    [
      row.id,
      values.instrument_category ?? row.instrument_category,
      values.make ?? row.make,
      values.model ?? row.model,
      values.serial_number === undefined ? row.serial_number : values.serial_number,
      values.value ?? row.value,
      staffId,
    ],
  );
}

async function reject(tx: Queryable, row: Locked, staffId: number, reason: string): Promise<void> {
  // A refused change leaves the insured instrument as it was; a refused new one is rejected.
  await tx.query(
    `UPDATE instruments
        SET state = CASE WHEN state = 'requested' THEN 'rejected' ELSE state END, requested_change = NULL,
            reason_for_rejection = $3, rejected_at = now(), rejected_by = $2, updated_at = now()
      WHERE id = $1`,
    [row.id, staffId, reason],
  );
}

export function actOnInstruments(
  db: Database,
  outbox: Outbox,
  staffId: number,
  selection: Selection,
  request: InstrumentAction,
  billing: BillingConfig,
): Promise<Instrument[]> {
  const reason = request.action === 'reject' ? rejectionReason(request.reason) : null;
  const today = todayInOslo();
  return db.transaction(async (tx) => {
    const rows = await lockInstruments(tx, [...new Set(selection.ids)]);
    const members = new Set(rows.map((row) => row.member_id));
    if (rows.length !== new Set(selection.ids).size || members.size !== 1) throw notFound();
    const memberId = rows[0].member_id;
    if (selection.memberId !== undefined && selection.memberId !== memberId) throw notFound();
    for (const row of rows) {
      const state = requestState(row);
      nextState(state === 'deleted' ? 'deleted' : state, request.action);
    }
    for (const row of rows) {
      if (request.action === 'accept') await accept(tx, row, staffId, today);
      else await reject(tx, row, staffId, reason!);
      await snapshotInstrument(tx, row.id, staffId);
    }
    if (request.action === 'accept') {
      await syncInstrumentInsurance(tx, memberId, staffId, today);
      // An instrument insurance that starts now is invoiced for the rest of the year.
      await invoiceRestOfYear(tx, { memberId, actorId: staffId, today, billing, outbox });
    }
    if (request.action === 'reject' && request.sendEmail) {
      const [member] = await tx.query<{ id: number; email: string; first_name: string; last_name: string }>(
        'SELECT id, email, first_name, last_name FROM accounts WHERE id = $1',
        [memberId],
      );
      await sendRejectionMail(tx, outbox, 'instrument', member, reason!, staffId);
    }
    const result: Instrument[] = [];
    for (const row of rows) result.push((await loadInstrument(tx, row.id))!);
    return result;
  });
}
