/**
 * 'Rolle og tilgang' on the staff user's page: their role (saved on its own) and whether they may
 * sign in. Deactivating asks first: every sign-in of theirs ends at once.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Confirm, Form, required, SelectInput, useTranslate } from 'react-admin';
import type { StaffUserDetail } from '../../../server/schemas/staff-users.ts';
import { RULE_MESSAGES } from '../../../server/schemas/rules.ts';
import { SubmitButton } from '../members/SubmitButton.tsx';
import { StaffCard } from './StaffCard.tsx';
import { personName } from './staffText.ts';
import { useRoles } from './useStaffData.ts';
import { useStaffUpdate } from './useStaffUpdate.ts';
import '../../i18n/app/staff-users-pages-nb.ts';

const fillIn = required(RULE_MESSAGES.fillIn);

export function StaffAccessCard({ user }: { user: StaffUserDetail }) {
  const translate = useTranslate();
  const { data: roles = [], isPending } = useRoles();
  const save = useStaffUpdate(user);
  // What the open dialog asks: the state the user had when it opened, so its words do not turn
  // into the opposite question while it closes after the save.
  const [confirming, setConfirming] = useState(false);
  const [asking, setAsking] = useState(user.active);
  const [busy, setBusy] = useState(false);
  const name = personName(user);

  async function toggleActive() {
    setBusy(true);
    await save({ active: !asking }, asking ? 'app.staff_users.user.deactivated' : 'app.staff_users.user.activated', { name });
    setBusy(false);
    setConfirming(false);
  }

  return (
    <StaffCard id="staff-access" title="app.staff_users.user.access_title">
      {/* A new form for each role the user has, so a saved choice is the form's starting point. */}
      {isPending ? (
        <Box sx={{ minHeight: 72 }} />
      ) : (
        <Form
          key={user.role_id}
          record={{ role_id: user.role_id }}
          onSubmit={(values: Record<string, unknown>) =>
            save({ role_id: Number(values.role_id) }, 'app.staff_users.user.role_saved', {
              role: roles.find((role) => role.id === Number(values.role_id))?.name ?? '',
            })
          }
        >
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2 }}>
            <SelectInput source="role_id" resource="staff" choices={roles} optionText="name" validate={fillIn} sx={{ minWidth: 220, flex: 1 }} />
            <Box sx={{ pt: 1 }}>
              <SubmitButton label={translate('app.staff_users.user.save_role')} />
            </Box>
          </Box>
        </Form>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mt: 1 }}>
        <Typography>{translate(user.active ? 'app.staff_users.user.is_active' : 'app.staff_users.user.is_inactive')}</Typography>
        <Button
          variant="outlined"
          color={user.active ? 'error' : 'primary'}
          onClick={() => {
            setAsking(user.active);
            setConfirming(true);
          }}
        >
          {translate(user.active ? 'app.staff_users.user.deactivate' : 'app.staff_users.user.activate')}
        </Button>
      </Box>
      <Confirm
        isOpen={confirming}
        loading={busy}
        title={translate(asking ? 'app.staff_users.user.deactivate_title' : 'app.staff_users.user.activate_title', { name })}
        content={translate(asking ? 'app.staff_users.user.deactivate_text' : 'app.staff_users.user.activate_text', { name })}
        confirm={asking ? 'app.staff_users.user.deactivate' : 'app.staff_users.user.activate'}
        confirmColor="primary"
        onConfirm={() => void toggleActive()}
        onClose={() => setConfirming(false)}
      />
    </StaffCard>
  );
}
