/** 'Blokker min side' / 'Aktiver min side': a blocked member sees only the blocked screen on Min side. */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Block from '@mui/icons-material/Block';
import LockOpen from '@mui/icons-material/LockOpen';
import { useDataProvider, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import type { Member } from '../../dataProvider/types.ts';
import { useToast } from '../toast.tsx';

export function BlockButton({ member }: { member: Member }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      await dataProvider.setBlocked(member.id, !member.blocked_access);
      await queryClient.invalidateQueries({ queryKey: ['membership'] });
      toast.success('app.edit.saved');
    } catch {
      toast.error('app.errors.generic');
    } finally {
      setBusy(false);
    }
  };
  return member.blocked_access ? (
    <Button variant="outlined" color="success" startIcon={<LockOpen />} disabled={busy} onClick={toggle}>
      {translate('app.edit.unblock')}
    </Button>
  ) : (
    <Button variant="outlined" color="error" startIcon={<Block />} disabled={busy} onClick={toggle}>
      {translate('app.edit.block')}
    </Button>
  );
}
