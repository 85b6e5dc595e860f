/** 'Ny rolle' on '/staff/roles': an office's own role, its name and rights; loaded when it opens. */
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { CheckboxGroupInput, Form, minLength, required, TextInput, useCreate, useTranslate } from 'react-admin';
import type { RoleView } from '../../../server/schemas/staff.ts';
import { RULE_MESSAGES } from '../../../server/schemas/rules.ts';
import type { RightInfo } from '../../dataProvider/staff.ts';
import { fieldErrorsOf } from '../../dataProvider/errors.ts';
import { DialogSaveActions } from '../forms/DialogSaveActions.tsx';
import { useToast } from '../toast.tsx';
import '../../i18n/app/staff-users-pages-nb.ts';

const fillIn = required(RULE_MESSAGES.fillIn);
const someRight = [required('app.staff_users.roles.no_rights'), minLength(1, 'app.staff_users.roles.no_rights')];

export default function NewRoleDialog({ rights, onClose }: { rights: RightInfo[]; onClose: () => void }) {
  const translate = useTranslate();
  const toast = useToast();
  // react-admin reads the roles again after a create: the new role gets its column.
  const [create] = useCreate<RoleView>();

  async function save(values: Record<string, unknown>) {
    try {
      const made = (await create(
        'roles',
        { data: { name: String(values.name ?? '').trim(), rights: (values.rights as string[] | undefined) ?? [] } },
        { returnPromise: true },
      )) as RoleView;
      toast.success('app.staff_users.roles.created', { role: made.name });
      onClose();
      return undefined;
    } catch (error) {
      const errors = fieldErrorsOf(error);
      if (!errors) toast.error('app.errors.generic_bang');
      return errors;
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby="new-role-title" fullWidth maxWidth="sm">
      <DialogTitle id="new-role-title">{translate('app.staff_users.roles.add')}</DialogTitle>
      <Form record={{ name: '', rights: [] }} onSubmit={save} mode="onChange">
        <DialogContent sx={{ pt: 0 }}>
          <TextInput source="name" resource="roles" validate={fillIn} fullWidth autoComplete="off" />
          <CheckboxGroupInput
            source="rights"
            resource="roles"
            choices={rights.map((right) => ({ id: right.name, name: right.description }))}
            validate={someRight}
            row={false}
          />
        </DialogContent>
        <DialogSaveActions onClose={onClose} />
      </Form>
    </Dialog>
  );
}
