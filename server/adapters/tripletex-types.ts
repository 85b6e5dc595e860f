/** What the Tripletex client takes and answers, and the calls of a signed-in session. */
import type { TripletexConfig } from '../config.ts';

/** What the client needs of the settings: where and who, and how long a call may take. */
export type TripletexApiConfig = Pick<TripletexConfig, 'url' | 'consumerToken' | 'employeeToken' | 'timeoutMs'>;

export interface TripletexCustomerInput {
  customerNumber: number;
  name: string;
  email: string | null;
  phoneNumberMobile: string | null;
  invoiceSendMethod: 'EMAIL' | 'EFAKTURA';
  invoiceEmail: string | null;
  postalAddress: { addressLine1: string | null; postalCode: string | null; city: string | null };
}

/** The subscription sync's order: one line, its price in whole kroner as products carry it. */
export interface TripletexOrderInput {
  customerId: number;
  reference: string;
  orderDate: string;
  description: string;
  amount: number;
}

export interface TripletexOrderLineInput {
  description: string;
  /** Whole units; 1 when left out. */
  count?: number;
  /** The unit price including VAT, in øre. */
  unitPriceOre: number;
  /** A product in Tripletex, when the office keeps its products there. */
  productId?: number;
}

/** An invoice's order: our reference on it, so a second run finds it instead of making another. */
export interface TripletexOrderWithLinesInput {
  customerId: number;
  reference: string;
  orderDate: string;
  /** The order date when left out. */
  deliveryDate?: string;
  lines: TripletexOrderLineInput[];
  /** Printed on the invoice made from the order. */
  invoiceComment?: string;
}

export type TripletexSendType = 'EMAIL' | 'EHF' | 'EFAKTURA' | 'AVTALEGIRO' | 'VIPPS' | 'PAPER' | 'MANUAL';
export type TripletexReminderType = 'SOFT_REMINDER' | 'REMINDER' | 'NOTICE_OF_DEBT_COLLECTION';
export type TripletexDispatchType = 'EMAIL' | 'SMS' | 'NETS_PRINT' | 'OWN_PRINTER';

/** An invoice (or a credit note) as read back, amounts in øre. */
export interface TripletexInvoice {
  id: number;
  invoiceNumber: number | null;
  invoiceDate: string;
  dueDate: string | null;
  kid: string | null;
  customerId: number | null;
  orderIds: number[];
  /** The invoice's total including VAT; negative on a credit note. */
  amountOre: number;
  /** What is still owed of the invoice itself (Tripletex's amountOutstanding, without reminder fees). */
  outstandingOre: number;
  /** What is still owed with the last reminder's fees (amountOutstandingTotal). */
  outstandingTotalOre: number;
  isCredited: boolean;
  isCreditNote: boolean;
  creditedInvoiceId: number | null;
}

export interface TripletexInvoiceOptions {
  customerId: number;
  invoiceDate: string;
  /** Our due date; Tripletex's payment terms decide it when left out. */
  dueDate?: string;
  /** Our KID (MOD10); Tripletex makes its own (if the company has KID set up) when left out. */
  kid?: string;
  /** Makes the invoice a credit note on this invoice (a partial credit). */
  creditNoteFor?: number;
}

export interface TripletexInvoiceSearch {
  invoiceDateFrom: string;
  /** Exclusive, as Tripletex reads it. */
  invoiceDateTo: string;
  customerId?: number;
  kid?: string;
  /** Invoices a page; Tripletex's default and our default is 1000. */
  pageSize?: number;
}

/** One signed-in session: every call after the session token. */
export interface TripletexSession {
  findCustomer(customerNumber: number): Promise<{ id: number } | null>;
  createCustomer(customer: TripletexCustomerInput): Promise<{ id: number }>;
  updateCustomer(id: number, customer: TripletexCustomerInput): Promise<void>;
  findOrder(customerId: number, reference: string): Promise<{ id: number } | null>;
  createOrder(order: TripletexOrderInput): Promise<{ id: number }>;
  /** The order with our reference: found (made by an earlier run) or made now. */
  ensureOrder(order: TripletexOrderWithLinesInput): Promise<{ id: number; created: boolean }>;
  /**
   * Invoices the order without sending it (sending is `sendInvoice`). An invoice already made
   * from the order (an earlier run cut off after Tripletex made it) is answered instead: it is
   * looked for among the customer's invoices of the invoice date, so a new try gives the same date.
   */
  invoiceOrder(orderId: number, options: TripletexInvoiceOptions): Promise<TripletexInvoice & { created: boolean }>;
  sendInvoice(invoiceId: number, sendType: TripletexSendType, options?: { overrideEmailAddress?: string }): Promise<void>;
  registerPayment(invoiceId: number, payment: { paymentDate: string; paymentTypeId: number; amountOre: number }): Promise<TripletexInvoice>;
  createReminder(
    invoiceId: number,
    reminder: { type: TripletexReminderType; date: string; dispatchType: TripletexDispatchType; includeCharge?: boolean; smsNumber?: string; email?: string },
  ): Promise<void>;
  /** Credits the whole invoice; answers the credit note. */
  createCreditNote(invoiceId: number, credit: { date: string; comment?: string; sendToCustomer?: boolean }): Promise<TripletexInvoice>;
  /**
   * Credits part of an invoice: an order of our reference with the credited lines (amounts given
   * positive, sent negative), invoiced as a credit note on the invoice. Run twice, made once.
   */
  creditPart(
    invoiceId: number,
    credit: { customerId: number; reference: string; date: string; lines: TripletexOrderLineInput[]; comment?: string },
  ): Promise<TripletexInvoice & { created: boolean }>;
  getInvoice(invoiceId: number): Promise<TripletexInvoice>;
  /** Every invoice that matches, read page by page. */
  searchInvoices(search: TripletexInvoiceSearch): Promise<TripletexInvoice[]>;
  invoicePdf(invoiceId: number): Promise<Buffer>;
  paymentTypes(): Promise<{ id: number; description: string }[]>;
}

export interface TripletexClient {
  open(): Promise<TripletexSession>;
}

export interface TripletexClientOptions {
  /** How many times a rate-limited operation is tried again (default 3). */
  maxRetries?: number;
  /** A longer wait than this is not waited: the 429 is the answer (default 60 s). */
  maxWaitMs?: number;
  /** How to wait; tests pass one that only records. */
  sleep?: (ms: number) => Promise<void>;
}
