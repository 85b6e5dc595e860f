/**
 * Invoices, payments, credits and prices (issue 35), as the billing contract shapes them. The
 * reads of one invoice and of the list go through the base provider (resource `invoices`); the
 * actions and the price list are the typed calls below.
 */
import type { Identifier } from 'react-admin';
import { download, http } from '../common/http.ts';
import { unwrap } from './errors.ts';
import type {
  Invoice,
  InvoiceAging,
  InvoiceCreditBody,
  InvoiceDetails,
  InvoicePauseBody,
  InvoicePaymentBody,
  PaymentFileDetails,
  PaymentFileItem,
  PaymentPlaceBody,
  PriceRow,
  RenewalPreviewRow,
  RenewalRun,
  RenewalSummary,
} from './billing-types.ts';
import type { Page } from './base.ts';

export const billingMethods = {
  /** Registers a payment by hand (øre); the answer is the invoice with its new state, payments and history. */
  async invoicePayment(id: Identifier, body: InvoicePaymentBody): Promise<InvoiceDetails> {
    return unwrap(await http.post<{ data: InvoiceDetails }>(`/api/invoice/${id}/payment`, body)).data;
  },

  /** Credits the invoice, all that is outstanding when `amount` is left out. */
  async invoiceCredit(id: Identifier, body: InvoiceCreditBody): Promise<InvoiceDetails> {
    return unwrap(await http.post<{ data: InvoiceDetails }>(`/api/invoice/${id}/credit`, body)).data;
  },

  /** Pauses the invoice's reminders (and its lapse) until a day, with a reason. */
  async invoicePauseReminders(id: Identifier, body: InvoicePauseBody): Promise<InvoiceDetails> {
    return unwrap(await http.post<{ data: InvoiceDetails }>(`/api/invoice/${id}/pause-reminders`, body)).data;
  },

  /** Sends the invoice again through its channel; the server answers what it did in words. */
  async invoiceResend(id: Identifier): Promise<string> {
    return unwrap(await http.post<{ message: string }>(`/api/invoice/${id}/resend`)).message;
  },

  /** Asks the server to read the open invoices' status from Tripletex now (202); answers its words. */
  async tripletexStatus(): Promise<string> {
    return unwrap(await http.post<{ message: string }>('/api/invoice/tripletex-status')).message;
  },

  /** Saves the invoice's PDF with the signed-in user's token. */
  async invoicePdf(invoice: Pick<Invoice, 'id' | 'number'>): Promise<void> {
    unwrap(await download(`/api/invoice/${invoice.id}/pdf`, `faktura-${invoice.number}.pdf`));
  },

  /** What is outstanding by days past the due date, and this year invoiced against paid (øre). */
  async invoiceAging(): Promise<InvoiceAging> {
    return unwrap(await http.get<{ data: InvoiceAging }>('/api/invoice/aging')).data;
  },

  /** Every product's price for the year (whole kroner); a year without its own shows the last one before, `inherited`. */
  async priceList(year: number): Promise<PriceRow[]> {
    return unwrap(await http.get<{ data: PriceRow[] }>('/api/price/list', { query: { year } })).data;
  },

  /** Sets the year's prices (past years are refused); answers the year's list as saved. */
  async savePrices(year: number, prices: { product_id: number; price: number }[]): Promise<PriceRow[]> {
    return unwrap(await http.patch<{ data: PriceRow[] }>('/api/price/list', { year, prices })).data;
  },

  /** What the renewal run for the year would do (nothing is written), and one page of the invoices it would make. */
  async renewalPreview(year: number, page: number, perPage: number): Promise<Page<RenewalPreviewRow> & { summary: RenewalSummary }> {
    return unwrap(
      await http.get<Page<RenewalPreviewRow> & { summary: RenewalSummary }>(`/api/renewal/${year}/preview`, {
        query: { page, per_page: perPage },
      }),
    );
  },

  /** The year's renewal run: its state and how far it has come. */
  async renewalRun(year: number): Promise<RenewalRun> {
    return unwrap(await http.get<{ data: RenewalRun }>(`/api/renewal/${year}`)).data;
  },

  /**
   * Reads in the bank's OCR file (multipart, field `file`): the file as stored, queued for booking
   * (202). 409 for a transmission read in before, 422 for a file that is not one (its message names the line).
   */
  async uploadPaymentFile(file: File): Promise<PaymentFileDetails> {
    const form = new FormData();
    form.append('file', file, file.name);
    return unwrap(await http.post<{ data: PaymentFileDetails }>('/api/payment-file', form)).data;
  },

  /** Places a payment matching left (or an over-payment's surplus) on an invoice; 422 `errors.invoice_id` when the invoice cannot take it. */
  async placePaymentFileItem(id: Identifier, body: PaymentPlaceBody): Promise<PaymentFileItem> {
    return unwrap(await http.post<{ data: PaymentFileItem }>(`/api/payment-file/item/${id}/place`, body)).data;
  },

  /** Starts the year's renewal run as a job (409 while one runs). */
  async startRenewal(year: number): Promise<RenewalRun> {
    return unwrap(await http.post<{ data: RenewalRun }>(`/api/renewal/${year}`)).data;
  },
};

export type BillingMethods = typeof billingMethods;
