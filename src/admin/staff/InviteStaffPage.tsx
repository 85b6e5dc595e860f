/**
 * '/staff/invite' ('Inviter ansatt'): name, e-mail and role of a new staff user. The server makes
 * the account and mails the invitation with a link to choose a password; a refusal (an address a
 * member or staff user has, an unknown role) shows under its field with what was typed kept.
 */
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { email, Form, required, SelectInput, TextInput, useCreate, useGetList, useTranslate } from 'react-admin';
import type { RoleView } from '../../../server/schemas/staff.ts';
import type { StaffUserDetail } from '../../../server/schemas/staff-users.ts';
import { RULE_MESSAGES } from '../../../server/schemas/rules.ts';
import { fieldErrorsOf } from '../../dataProvider/errors.ts';
import { SubmitButton } from '../members/SubmitButton.tsx';
import { PageTitle } from '../settings/PageTitle.tsx';
import { useToast } from '../toast.tsx';
import { STAFF_PATHS, staffPath } from './staffText.ts';
import '../../i18n/app/staff-users-pages-nb.ts';

const fillIn = required(RULE_MESSAGES.fillIn);
const validEmail = [fillIn, email(RULE_MESSAGES.email)];

interface Invitation {
  first_name: string;
  last_name: string;
  email: string;
  role_id: number | '';
}

const EMPTY: Invitation = { first_name: '', last_name: '', email: '', role_id: '' };

export function InviteStaffPage() {
  const translate = useTranslate();
  const toast = useToast();
  const navigate = useNavigate();
  const [create] = useCreate<StaffUserDetail>();
  const { data: roles = [], isPending } = useGetList<RoleView>('roles', { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } });

  async function invite(values: Record<string, unknown>) {
    const data = { ...values, email: String(values.email ?? '').trim(), role_id: Number(values.role_id) };
    try {
      const made = (await create('staff', { data }, { returnPromise: true })) as StaffUserDetail;
      toast.success('app.staff_users.invite.sent', { email: made.email });
      navigate(staffPath(made.id));
      return undefined;
    } catch (error) {
      const errors = fieldErrorsOf(error);
      if (!errors) toast.error('app.errors.generic_bang');
      return errors;
    }
  }

  return (
    <>
      <PageTitle label="app.staff_users.invite.title" />
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        <Typography sx={{ mb: 2 }}>{translate('app.staff_users.invite.intro')}</Typography>
        <Form record={EMPTY} onSubmit={invite} mode="onTouched">
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            <TextInput source="first_name" resource="staff" validate={fillIn} autoComplete="off" />
            <TextInput source="last_name" resource="staff" validate={fillIn} autoComplete="off" />
          </Box>
          <TextInput source="email" resource="staff" type="email" validate={validEmail} autoComplete="off" fullWidth />
          <SelectInput
            source="role_id"
            resource="staff"
            choices={roles}
            optionText="name"
            validate={fillIn}
            isPending={isPending}
            emptyText="app.staff_users.invite.choose_role"
            fullWidth
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1.5, mt: 1 }}>
            <Button onClick={() => navigate(STAFF_PATHS.list)}>{translate('app.cancel')}</Button>
            <SubmitButton label={translate('app.staff_users.invite.submit')} />
          </Box>
        </Form>
      </Paper>
    </>
  );
}

export default InviteStaffPage;
