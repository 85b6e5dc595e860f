/** 'Blokker min side' / 'Aktiver min side': a blocked member sees only the blocked screen on Min side. */
import Button from '@mui/material/Button';
import Block from '@mui/icons-material/Block';
import LockOpen from '@mui/icons-material/LockOpen';
import { useTranslate, useUpdate } from 'react-admin';
import type { Member } from '../../dataProvider/types.ts';
import { useToast } from '../toast.tsx';
import '../../i18n/app/members-pages-nb.ts';

export function BlockButton({ member }: { member: Member }) {
  const translate = useTranslate();
  const toast = useToast();
  const [update, { isPending }] = useUpdate<Member>();
  const toggle = () =>
    update(
      'membership',
      { id: member.id, data: { blocked_access: !member.blocked_access }, previousData: member },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => toast.success('app.edit.saved'),
        onError: () => toast.error('app.errors.generic'),
      },
    );
  return member.blocked_access ? (
    <Button variant="outlined" color="success" startIcon={<LockOpen />} disabled={isPending} onClick={toggle}>
      {translate('app.edit.unblock')}
    </Button>
  ) : (
    <Button variant="outlined" color="error" startIcon={<Block />} disabled={isPending} onClick={toggle}>
      {translate('app.edit.block')}
    </Button>
  );
}
