/**
 * 'Slett personopplysninger': erases the member's personal data once staff type the member number
 * (EraseDialog.tsx, fetched the first time the button is pressed). What the accounts must keep
 * stays under the number.
 */
import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import DeleteForever from '@mui/icons-material/DeleteForever';
import { useTranslate } from 'react-admin';
import type { Member } from '../../dataProvider/types.ts';

const EraseDialog = lazy(() => import('./EraseDialog.tsx'));

export function EraseButton({ member }: { member: Member }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted, so it can play its closing transition.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        color="error"
        startIcon={<DeleteForever />}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {translate('app.privacy.erase')}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <EraseDialog member={member} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
