/**
 * 'Rettigheter' on the staff user's page: rights given beyond their role (from those the role
 * lacks) and rights of the role taken from them, as two lists of checkboxes with the catalogue's
 * descriptions; saved together.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CheckboxGroupInput, Form, useTranslate } from 'react-admin';
import type { StaffUserDetail } from '../../../server/schemas/staff-users.ts';
import { SubmitButton } from '../members/SubmitButton.tsx';
import { StaffCard } from './StaffCard.tsx';
import { useRightsCatalogue, useRoles } from './useStaffData.ts';
import { useStaffUpdate } from './useStaffUpdate.ts';
import '../../i18n/app/staff-users-pages-nb.ts';

/** In place of a list with nothing to tick: what the list is, and why it is empty. */
function NoChoices({ title, text }: { title: string; text: string }) {
  const translate = useTranslate();
  return (
    <div>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {translate(title)}
      </Typography>
      <Typography>{translate(text)}</Typography>
    </div>
  );
}

/** One list of rights to tick (`source` names its field and its catalogue keys), or why there is none. */
function RightsChoice({
  source,
  rights,
  empty,
}: {
  source: 'extra_rights' | 'removed_rights';
  rights: { name: string; description: string }[];
  empty: string;
}) {
  const label = `app.staff_users.user.${source}`;
  if (rights.length === 0) return <NoChoices title={label} text={empty} />;
  return (
    <CheckboxGroupInput
      source={source}
      label={label}
      helperText={`${label}_help`}
      choices={rights.map((right) => ({ id: right.name, name: right.description }))}
      row={false}
    />
  );
}

export function StaffRightsCard({ user }: { user: StaffUserDetail }) {
  const translate = useTranslate();
  const { data: roles, isPending: rolesPending, error: rolesError } = useRoles();
  const { rights, isPending, error } = useRightsCatalogue();
  const save = useStaffUpdate(user);
  const role = roles?.find((candidate) => candidate.id === user.role_id);
  if (error || rolesError)
    return (
      <StaffCard id="staff-rights" title="app.staff_users.user.rights_title">
        <Alert severity="error">{translate('app.errors.generic')}</Alert>
      </StaffCard>
    );
  if (isPending || rolesPending || !role)
    return (
      <StaffCard id="staff-rights" title="app.staff_users.user.rights_title">
        <Box sx={{ minHeight: 320 }} />
      </StaffCard>
    );
  const inRole = rights.filter((right) => role.rights.includes(right.name));
  const beyondRole = rights.filter((right) => !role.rights.includes(right.name));
  // A new form for each saved state, so what was saved is the form's starting point.
  const key = [user.role_id, ...user.extra_rights, '|', ...user.removed_rights].join(',');
  return (
    <StaffCard id="staff-rights" title="app.staff_users.user.rights_title">
      <Typography sx={{ mb: 2 }}>
        {translate('app.staff_users.user.rights_intro', { role: role.name, count: user.rights.length, all: rights.length })}
      </Typography>
      <Form
        key={key}
        record={{ extra_rights: user.extra_rights, removed_rights: user.removed_rights }}
        onSubmit={(values: Record<string, unknown>) =>
          save(
            { extra_rights: (values.extra_rights as string[]) ?? [], removed_rights: (values.removed_rights as string[]) ?? [] },
            'app.staff_users.user.rights_saved',
          )
        }
      >
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          <RightsChoice source="extra_rights" rights={beyondRole} empty="app.staff_users.user.none_beyond" />
          <RightsChoice source="removed_rights" rights={inRole} empty="app.staff_users.user.none_in_role" />
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <SubmitButton label={translate('app.staff_users.user.save_rights')} />
        </Box>
      </Form>
    </StaffCard>
  );
}
