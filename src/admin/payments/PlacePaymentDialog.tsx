/**
 * 'Plasser på faktura': a payment from the bank's OCR file that matching left (or an
 * over-payment's surplus) is booked on the invoice staff pick, found by its number, the member's
 * name or number, or its KID. The server's refusal (credited, more than is outstanding, …) shows
 * under the field with the choice kept; once placed, the file and the invoices are read again.
 */
import { yupResolver } from '@hookform/resolvers/yup';
import * as yup from 'yup';
import type { FieldValues, Resolver } from 'react-hook-form';
import { AutocompleteInput, ReferenceInput, useDataProvider, useTranslate } from 'react-admin';
import { formatDate, formatKid, formatKroner } from '../../common/format.ts';
import type { Invoice, PaymentFileItem, StaffDataProvider } from '../../dataProvider/index.ts';
import { InvoiceActionDialog } from './InvoiceActionDialog.tsx';
import { useReadAgain } from '../readAgain.ts';
import '../../i18n/app/payment-files-pages-nb.ts';

/** Invoices that may still take a payment (the server has the last word). */
const OPEN_STATES = ['sent', 'partly_paid', 'overdue', 'reminded', 'lapsed'];

/**
 * An invoice number typed finds that invoice alone (the free-text search would also match it as a
 * member number or in names, and crowd it out of the suggestions); anything else (a name, a KID)
 * is the invoice list's search.
 */
const searchInvoices = (search: string) => (/^\d{1,7}$/.test(search.trim()) ? { number: search.trim() } : { q: search });

const resolver = yupResolver(
  yup.object({
    invoice_id: yup.number().nullable().required('app.payments.files.place.required'),
  }),
) as unknown as Resolver<FieldValues>;

export function PlacePaymentDialog({ item, onClose }: { item: PaymentFileItem; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const readAgain = useReadAgain();
  const call = async (values: FieldValues) => {
    await dataProvider.placePaymentFileItem(item.id, { invoice_id: Number(values.invoice_id) });
    await readAgain();
  };
  const optionText = (invoice: Invoice) =>
    translate('app.payments.files.place.option', {
      number: invoice.number,
      member: [invoice.member_number, invoice.member_name].filter(Boolean).join(' '),
      outstanding: formatKroner(invoice.outstanding),
    });
  return (
    <InvoiceActionDialog
      id="place-payment"
      open
      onClose={onClose}
      title={translate('app.payments.files.place.title')}
      text={translate(item.kid ? 'app.payments.files.place.text' : 'app.payments.files.place.text_no_kid', {
        amount: formatKroner(item.unplaced),
        date: formatDate(item.paid_on),
        kid: formatKid(item.kid),
        kind: translate(`app.payments.files.kinds.${item.kind}`),
      })}
      resolver={resolver}
      defaultValues={{ invoice_id: null }}
      submit="app.payments.files.place.submit"
      done="app.payments.files.place.done"
      call={call}
    >
      <ReferenceInput source="invoice_id" reference="invoices" perPage={25} filter={{ state: OPEN_STATES }} sort={{ field: 'number', order: 'DESC' }}>
        <AutocompleteInput
          label="app.payments.files.place.invoice"
          helperText="app.payments.files.place.invoice_help"
          optionText={optionText}
          noOptionsText={translate('app.payments.files.place.no_options')}
          filterToQuery={searchInvoices}
          isRequired
          fullWidth
          // The field takes the keyboard as the dialog opens (AutocompleteInput passes autoFocus on only here).
          TextFieldProps={{ autoFocus: true }}
        />
      </ReferenceInput>
    </InvoiceActionDialog>
  );
}
