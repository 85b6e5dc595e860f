/** The SQL an invoice is read with, shared by its page, the lists and the jobs that look for open invoices. */

/** Today in Oslo, in SQL (a stable value within a statement, so an index on due_date serves it). */
export const OSLO_TODAY = "(now() AT TIME ZONE 'Europe/Oslo')::date";

/** Open: something is outstanding and the invoice is not credited (migration 019's invoices_open_due). */
export const OPEN = "i.state <> 'credited' AND i.total_ore > i.paid_ore + i.credited_ore";

export const ERASED_NAME = 'Slettet medlem';

export const INVOICE_COLUMNS = `i.id, i.number, i.member_id, i.member_number,
  CASE WHEN a.erased_at IS NOT NULL OR a.first_name IS NULL THEN '${ERASED_NAME}'
       ELSE trim(a.first_name || ' ' || coalesce(a.last_name, '')) END AS member_name,
  i.year, i.kind, i.total_ore AS total, i.paid_ore AS paid, i.credited_ore AS credited,
  greatest(i.total_ore - i.paid_ore - i.credited_ore, 0) AS outstanding,
  i.invoice_date::text AS invoice_date, i.due_date::text AS due_date, i.kid, i.channel, i.state,
  (${OPEN} AND i.due_date < ${OSLO_TODAY}) AS overdue,
  i.campaign_code, i.reminders_paused_until::text AS reminders_paused_until`;

export const INVOICE_FROM = 'FROM invoices i JOIN accounts a ON a.id = i.member_id';
