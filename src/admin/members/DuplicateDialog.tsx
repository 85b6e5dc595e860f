/** Asks before creating a member the server thinks already exists (same name and birth date, or same phone). */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useTranslate } from 'react-admin';
import { formatDate, formatPhone } from '../../common/format.ts';
import type { MemberListItem } from '../../dataProvider/types.ts';
import { memberTitle } from '../layout/MemberHeader.tsx';
import '../../i18n/app/members-pages-nb.ts';

export type Duplicate = Pick<MemberListItem, 'id' | 'remote_id' | 'first_name' | 'last_name'> & Partial<Pick<MemberListItem, 'birthdate' | 'phone' | 'email'>>;

export function DuplicateDialog({ duplicates, onConfirm, onCancel }: { duplicates: Duplicate[] | null; onConfirm: () => void; onCancel: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={duplicates !== null} onClose={onCancel} aria-labelledby="duplicate-title">
      <DialogTitle id="duplicate-title">{translate('app.create.duplicate_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('app.create.duplicate_text')}</DialogContentText>
        <List dense>
          {(duplicates ?? []).map((member) => (
            <ListItem key={member.id}>
              <ListItemText
                primary={memberTitle({ remote_id: member.remote_id ?? null, first_name: member.first_name, last_name: member.last_name })}
                secondary={[formatDate(member.birthdate), formatPhone(member.phone), member.email].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('app.cancel')}</Button>
        <Button variant="contained" onClick={onConfirm}>
          {translate('app.create.duplicate_confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
