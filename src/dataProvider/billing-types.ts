/** The billing API's shapes, from the server's schemas (type-only: no schema code reaches the browser). */
export type {
  AgingBucket,
  Invoice,
  InvoiceAging,
  InvoiceChannel,
  InvoiceCredit,
  InvoiceDetails,
  InvoiceEvent,
  InvoiceLine,
  InvoicePayment,
  InvoiceState,
  InvoiceTotals,
  PaymentMethod,
  PriceRow,
  RenewalLeftOut,
  RenewalPreviewRow,
  RenewalRun,
  RenewalState,
  RenewalSummary,
  StaffPaymentMethod,
  PaymentBody as InvoicePaymentBody,
  CreditBody as InvoiceCreditBody,
  PauseRemindersBody as InvoicePauseBody,
} from '../../server/schemas/billing.ts';
/** 'Innbetalinger', the bank's OCR files read in and their payments. */
export type {
  PaymentFile,
  PaymentFileDetails,
  PaymentFileItem,
  PaymentFileTotals,
  PaymentItemKind,
  PlaceBody as PaymentPlaceBody,
} from '../../server/schemas/payment-files.ts';
