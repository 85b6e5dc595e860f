/** 'Stopp forsikring': cancels the active instrument subscription after a warning that it cannot be restored. */
import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import { useDataProvider, useTranslate } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import { useReadAgain } from '../readAgain.ts';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import { useToast } from '../toast.tsx';
import '../../i18n/app/insurance-pages-nb.ts';

/** react-admin's confirmation dialog, fetched the first time the button is pressed. */
const Confirm = lazy(() => import('./StopConfirm.tsx'));

export function StopInsuranceButton({ subscriptionId }: { subscriptionId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const readAgain = useReadAgain();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted, so it can play its closing transition.
  const [wanted, setWanted] = useState(false);
  // A custom call on the subscription: the member (whose record carries its insurance, drawn in
  // this card) is what changes, so react-admin's cache of the member is read again.
  const { mutate: stop, isPending: busy } = useMutation({
    mutationFn: () => dataProvider.cancelSubscription(subscriptionId),
    onSuccess: async () => {
      await readAgain();
      toast.success('app.instrument_card.stopped');
    },
    onError: () => toast.error('app.errors.generic_bang'),
    onSettled: () => setOpen(false),
  });
  const ask = () => {
    setWanted(true);
    setOpen(true);
  };
  return (
    <>
      <Button variant="contained" color="error" onClick={ask} disabled={busy} sx={{ mt: 2 }}>
        {translate('app.instrument_card.stop')}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <Confirm
            isOpen={open}
            loading={busy}
            title="app.instrument_card.stop_title"
            content="app.instrument_card.stop_warning"
            confirm="app.instrument_card.stop"
            cancel="app.cancel"
            confirmColor="warning"
            onConfirm={() => stop()}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
