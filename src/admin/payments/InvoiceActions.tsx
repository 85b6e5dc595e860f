/**
 * The actions on an invoice's page: 'Registrer innbetaling', 'Krediter' and 'Utsett purring'
 * (dialogs fetched the first time they are opened, then kept mounted for their closing
 * transition), 'Send på nytt' and 'Last ned PDF', and for an invoice in Tripletex 'Les status fra
 * Tripletex'. Paying, crediting, pausing reminders or reading the status needs something outstanding.
 */
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Payments from '@mui/icons-material/Payments';
import PauseCircleOutline from '@mui/icons-material/PauseCircleOutline';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutline';
import Send from '@mui/icons-material/Send';
import Sync from '@mui/icons-material/Sync';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { InvoiceDetails, StaffDataProvider } from '../../dataProvider/index.ts';
import { useToast } from '../toast.tsx';
import { useCan } from '../access/rights.ts';
import { useReadAgain } from '../readAgain.ts';
import '../../i18n/app/payments-pages-nb.ts';

const PaymentDialog = lazy(() => import('./PaymentDialog.tsx'));
const CreditDialog = lazy(() => import('./CreditDialog.tsx'));
const PauseDialog = lazy(() => import('./PauseDialog.tsx'));

type DialogProps = { invoice: InvoiceDetails; open: boolean; onClose: () => void };

function DialogButton({
  invoice,
  label,
  icon,
  dialog: Dialog,
  disabled,
  variant = 'contained',
}: {
  invoice: InvoiceDetails;
  label: string;
  icon: ReactNode;
  dialog: ComponentType<DialogProps>;
  disabled: boolean;
  variant?: 'contained' | 'outlined';
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        startIcon={icon}
        disabled={disabled}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {translate(label)}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <Dialog invoice={invoice} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export function InvoiceActions({ invoice }: { invoice: InvoiceDetails }) {
  const translate = useTranslate();
  const toast = useToast();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const readAgain = useReadAgain();
  const nothingOwed = invoice.outstanding <= 0 || invoice.state === 'credited';
  // Paying, crediting, pausing and resending register ('payments.register'); the status read runs Tripletex ('billing.run').
  const registers = useCan('payments.register');
  const runs = useCan('billing.run');
  const resend = useMutation({
    mutationFn: () => dataProvider.invoiceResend(invoice.id),
    onSuccess: (message) => {
      toast.success(message || 'app.payments.resend_done');
      // Sending may move a draft to sent and adds to the history: read the invoice again.
      return readAgain();
    },
    onError: (error) => toast.error((error as Error).message || 'app.errors.generic'),
  });
  // The ledger job reads the status in the background: the invoice is read again until its read-back time moves (at most half a minute).
  const status = useMutation({
    mutationFn: async () => {
      const message = await dataProvider.tripletexStatus();
      toast.success(message);
      const before = invoice.tripletex.read_at;
      for (let tries = 0; tries < 30; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const { data } = await dataProvider.getOne<InvoiceDetails>('invoices', { id: invoice.id });
        if (data.tripletex.read_at !== before) {
          queryClient.setQueriesData({ queryKey: ['invoices', 'getOne', { id: String(invoice.id) }] }, data);
          return;
        }
      }
    },
    onError: (error) => toast.error((error as Error).message || 'app.errors.generic'),
  });
  const pdf = useMutation({
    mutationFn: () => dataProvider.invoicePdf(invoice),
    onError: (error) => toast.error((error as Error).message || 'app.payments.pdf_failed'),
  });
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ my: 2, flexWrap: 'wrap' }}>
      {registers && (
        <>
          <DialogButton invoice={invoice} label="app.payments.payment.open" icon={<Payments />} dialog={PaymentDialog} disabled={nothingOwed} />
          <DialogButton invoice={invoice} label="app.payments.credit.open" icon={<RemoveCircleOutline />} dialog={CreditDialog} disabled={nothingOwed} />
          <DialogButton
            invoice={invoice}
            label="app.payments.pause.open"
            icon={<PauseCircleOutline />}
            dialog={PauseDialog}
            disabled={nothingOwed}
            variant="outlined"
          />
          <Button variant="outlined" startIcon={<Send />} disabled={resend.isPending || invoice.state === 'credited'} onClick={() => resend.mutate()}>
            {translate('app.payments.resend')}
          </Button>
        </>
      )}
      {runs && invoice.tripletex.invoice_id !== null && (
        <Button variant="outlined" startIcon={<Sync />} disabled={status.isPending || nothingOwed} onClick={() => status.mutate()}>
          {translate('app.payments.tripletex_status')}
        </Button>
      )}
      <Button variant="outlined" startIcon={<PictureAsPdf />} disabled={pdf.isPending} onClick={() => pdf.mutate()}>
        {translate('app.payments.pdf')}
      </Button>
    </Stack>
  );
}
