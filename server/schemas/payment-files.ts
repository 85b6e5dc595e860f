/**
 * 'Innbetalinger': the bank's OCR giro files staff read in, each payment in them with what
 * matching by KID made of it, and placing a payment matching left for staff. Amounts are øre.
 */
import { Type, type Static } from 'typebox';
import { paginatorSchema } from '../lib/list.ts';
import { DateOnly, Nullable, Timestamp } from './common.ts';

export const PAYMENT_ITEM_KINDS = ['exact', 'partial', 'overpaid', 'already_paid', 'credited', 'unknown_kid', 'invalid_kid', 'reversal'] as const;
export type PaymentItemKind = (typeof PAYMENT_ITEM_KINDS)[number];

const Ore = Type.Integer({ description: 'øre' });

export const PaymentFileUpload = Type.Object(
  {
    file: Type.String({ format: 'binary', description: 'OCR-filen fra banken (OCR giro, 80 tegn per linje)' }),
  },
  { required: ['file'] },
);

export const PaymentFileTotals = Type.Object({
  count: Type.Integer({ description: 'Innbetalinger i filen' }),
  amount: Type.Integer({ description: 'øre: summen av filen' }),
  booked: Type.Integer({ description: 'øre: ført på fakturaene KID-en viser til' }),
  unplaced: Type.Integer({ description: 'øre: ikke ført: uten treff og overskudd, til de ansatte' }),
  matched: Type.Integer({ description: 'Innbetalinger ført på fakturaen KID-en viser til' }),
  unmatched: Type.Integer({ description: 'Innbetalinger uten treff (ukjent eller ugyldig KID, betalt eller kreditert faktura, tilbakeføring)' }),
  pending: Type.Integer({ description: 'Innbetalinger som ennå ikke er ført (jobben fører filen i steg)' }),
});
export type PaymentFileTotals = Static<typeof PaymentFileTotals>;

export const PaymentFile = Type.Object({
  id: Type.Integer(),
  transmission_number: Type.String({ description: 'Bankens forsendelsesnummer (7 sifre); leses inn én gang' }),
  data_sender: Type.String(),
  file_name: Type.String(),
  uploaded_by_name: Nullable(Type.String()),
  uploaded_at: Timestamp,
  state: Type.Union([Type.Literal('queued'), Type.Literal('booking'), Type.Literal('done')], {
    description: 'queued: lest inn og i kø; booking: føres; done: ført',
  }),
  booked_at: Nullable(Timestamp),
  totals: PaymentFileTotals,
});
export type PaymentFile = Static<typeof PaymentFile>;

export const PaymentFileItem = Type.Object({
  id: Type.Integer(),
  line: Type.Integer({ description: 'Linjen i filen' }),
  assignment_number: Type.String(),
  transaction_number: Type.Integer(),
  paid_on: DateOnly,
  amount: Ore,
  kid: Nullable(Type.String({ description: 'KID slik den står i filen' })),
  kind: Type.Enum(PAYMENT_ITEM_KINDS),
  invoice_id: Nullable(Type.Integer({ description: 'Fakturaen KID-en viser til' })),
  invoice_number: Nullable(Type.Integer()),
  member_id: Nullable(Type.Integer()),
  member_name: Nullable(Type.String()),
  booked: Type.Integer({ description: 'øre ført på fakturaen KID-en viser til' }),
  unplaced: Type.Integer({ description: 'øre ikke ført ennå: hele beløpet uten treff, eller overskuddet ved overbetaling' }),
  payment_id: Nullable(Type.Integer()),
  placed_invoice_id: Nullable(Type.Integer({ description: 'Fakturaen en ansatt plasserte innbetalingen på' })),
  placed_invoice_number: Nullable(Type.Integer()),
  placed_by_name: Nullable(Type.String()),
  placed_at: Nullable(Timestamp),
  resolved: Type.Boolean({ description: 'Alt er ført: på fakturaen KID-en viser til, eller plassert av en ansatt' }),
});
export type PaymentFileItem = Static<typeof PaymentFileItem>;

export const PaymentFileDetails = Type.Intersect([PaymentFile, Type.Object({ matched: Type.Array(PaymentFileItem), unmatched: Type.Array(PaymentFileItem) })]);
export type PaymentFileDetails = Static<typeof PaymentFileDetails>;

export const PaymentFilePage = paginatorSchema(PaymentFile);

export const PlaceBody = Type.Object(
  {
    invoice_id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Fakturaen innbetalingen skal føres på' }),
  },
  { additionalProperties: false },
);
export type PlaceBody = Static<typeof PlaceBody>;

/** A file refused: the parser's or the account check's message, and the line it is on (null: the file as a whole). */
export const PaymentFileRefused = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  line: Type.Optional(Nullable(Type.Integer({ description: 'Linjen i filen feilen står på' }))),
});
