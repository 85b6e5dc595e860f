import type { paymentFilesNb } from './payment-files-nb.ts';

/**
 * 'Innbetalinger' in English: the bank's OCR files read in, and placing what they leave; under
 * app.payments. The keys are those of payment-files-nb.ts.
 */
export const paymentFilesEn: typeof paymentFilesNb = {
  title: 'Bank payments',
  open: 'Payments from the bank',
  to_invoices: 'To the invoices',
  upload: {
    title: 'Read in OCR file',
    intro: "Upload the bank's OCR file with the KID payments (at most 10 MB). Each payment is booked on the invoice its KID names; what does not match, you place yourself on the file's page.",
    file: 'OCR file from the bank',
    choose: 'Choose file',
    chosen: 'Chosen file: %{name}',
    none_chosen: 'No file chosen',
    submit: 'Read in',
    busy: 'Reading the file …',
  },
  list: { title: 'Files read in', empty: 'No OCR files have been read in yet.' },
  columns: {
    transmission_number: 'Transmission', file_name: 'File', uploaded_by_name: 'Read in by', uploaded_at: 'Read in', state: 'Status',
    count: 'Payments', amount: 'Sum', booked: 'Booked', unmatched: 'Unmatched', unplaced: 'Not booked',
  },
  states: { queued: 'Queued', booking: 'Booking', done: 'Booked' },
  file_title: 'Transmission %{number}',
  file_title_short: 'OCR file',
  back: 'To the bank payments',
  not_found: 'File not found',
  not_found_text: 'The file does not exist, or the link is wrong. Go back to Bank payments and find it there.',
  facts: 'About the file',
  fields: {
    transmission_number: 'Transmission', file_name: 'File', uploaded_by_name: 'Read in by', uploaded_at: 'Read in', state: 'Status',
    booked_at: 'Booked at', count: 'Payments', amount: 'Sum in the file', booked: 'Booked on invoices', unplaced: 'Not booked',
  },
  progress: 'Booking the payments: %{done} of %{count} booked',
  progress_label: 'Payments booked',
  left: 'Not booked yet: %{amount}.',
  all_booked: 'Everything is booked.',
  done: 'The file is booked. On the invoice their KID names: %{matched}. Unmatched: %{unmatched}.',
  matched: { title: 'Booked on invoice (%{count})', empty: 'No payment matched an invoice.' },
  unmatched: { title: 'Unmatched (%{count})', empty: 'Every payment matched an invoice.' },
  item: {
    line: 'Line', paid_on: 'Date', member: 'Member', invoice: 'Invoice', kid: 'KID', amount: 'Amount', kind: 'What', left: 'Surplus', placed: 'Placed',
  },
  kinds: {
    exact: 'Paid', partial: 'Part payment', overpaid: 'Overpayment', already_paid: 'Invoice was paid', credited: 'Invoice is credited',
    unknown_kid: 'Unknown KID', invalid_kid: 'Invalid KID', reversal: 'Reversal',
  },
  placed_on: 'On invoice',
  placed_by: '%{name}, %{at}',
  not_placeable: 'Not placed',
  place: {
    open: 'Place on invoice',
    open_label: 'Place on invoice: %{amount}, line %{line}',
    title: 'Place the payment on an invoice',
    text: '%{amount} paid %{date}, KID %{kid} (%{kind}).',
    text_no_kid: '%{amount} paid %{date} (%{kind}).',
    invoice: 'Invoice',
    invoice_help: "Type the invoice number, the member's name or the KID, and pick the invoice",
    option: '%{number}: %{member}, outstanding %{outstanding}',
    required: 'Pick the invoice the payment is booked on',
    no_options: 'No open invoice matches',
    submit: 'Place',
    done: 'The payment is placed',
  },
};
