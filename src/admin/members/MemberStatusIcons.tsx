/**
 * STATUS column: crossed-out card without membership, card with it, note for instrument and globe
 * for travel insurance, and a late-paper mark for a member with an overdue invoice (`has_overdue_invoice`).
 */
import Stack from '@mui/material/Stack';
import AssignmentLate from '@mui/icons-material/AssignmentLate';
import CreditCard from '@mui/icons-material/CreditCard';
import CreditCardOff from '@mui/icons-material/CreditCardOff';
import MusicNote from '@mui/icons-material/MusicNote';
import Public from '@mui/icons-material/Public';
import { useTranslate } from 'react-admin';
import type { MemberListItem } from '../../dataProvider/types.ts';
import '../../i18n/app/members-pages-nb.ts';

export function MemberStatusIcons({ member }: { member: MemberListItem }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5}>
      {member.has_membership ? (
        <CreditCard fontSize="small" titleAccess={translate('app.members.status.membership')} />
      ) : (
        <CreditCardOff fontSize="small" color="error" titleAccess={translate('app.members.status.no_membership')} />
      )}
      {member.has_instrument_insurance && <MusicNote fontSize="small" titleAccess={translate('app.members.status.instrument')} />}
      {member.has_travel_insurance && <Public fontSize="small" titleAccess={translate('app.members.status.travel')} />}
      {member.has_overdue_invoice && <AssignmentLate fontSize="small" color="error" titleAccess={translate('app.members.status.overdue_invoice')} />}
    </Stack>
  );
}
