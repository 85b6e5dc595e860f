/** Min side's invoice calls, typed with the server's schemas (imported as types only). */
import { http } from '../../common/http.ts';
import type { MemberInvoice, InvoiceVippsStarted, InvoiceVippsState } from '../../../server/schemas/invoice-vipps.ts';

export type { MemberInvoice } from '../../../server/schemas/invoice-vipps.ts';
export type PaymentState = InvoiceVippsState['data'];

export const invoiceApi = {
  /** The member's invoices, newest first (a member has a handful a year: one page holds them). */
  list: (memberId: number) => http.get<{ data: MemberInvoice[]; total: number }>(`/api/member/${memberId}/invoice`, { query: { per_page: 100 } }),
  pay: (invoiceId: number) => http.post<InvoiceVippsStarted>(`/api/invoice/${invoiceId}/vipps`),
  state: (invoiceId: number, reference: string) => http.get<InvoiceVippsState>(`/api/invoice/${invoiceId}/vipps/${encodeURIComponent(reference)}`),
};

/** What the member is told an invoice's state is. */
export type MemberInvoiceState = 'paid' | 'unpaid' | 'overdue' | 'partlyPaid' | 'credited';

export function memberStateOf(invoice: Pick<MemberInvoice, 'state' | 'outstanding' | 'paid' | 'overdue'>): MemberInvoiceState {
  if (invoice.state === 'credited') return 'credited';
  if (invoice.outstanding === 0) return 'paid';
  if (invoice.overdue) return 'overdue';
  return invoice.paid > 0 ? 'partlyPaid' : 'unpaid';
}

/** An invoice the member still owes something on. */
export const isOpen = (invoice: MemberInvoice): boolean => invoice.state !== 'credited' && invoice.outstanding > 0;
