/**
 * '/staff/roles' ('Roller og rettigheter'): the table of rights (rows, with what each lets a staff
 * user do) × roles (columns, with how many active staff users hold each). Ticks are saved per role;
 * a refusal (no rights left, or nobody left who may administer staff) is said under the role in
 * the server's words, and the role's ticks stay as they were chosen. An office may add its own role.
 */
import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Add from '@mui/icons-material/Add';
import { HttpError, useTranslate, useUpdate } from 'react-admin';
import type { RoleView } from '../../../server/schemas/staff.ts';
import { PageTitle } from '../settings/PageTitle.tsx';
import { useToast } from '../toast.tsx';
import { useRightsCatalogue, useRoles } from './useStaffData.ts';
import '../../i18n/app/staff-users-pages-nb.ts';

const NewRoleDialog = lazy(() => import('./NewRoleDialog.tsx'));

const sameRights = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((name) => b.includes(name));

/** The first column stays in view while a narrow screen scrolls the roles sideways. */
const STICKY = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;

export function RolesPage() {
  const translate = useTranslate();
  const toast = useToast();
  const { data: roles = [], isPending, error } = useRoles();
  const { rights, isPending: rightsPending, error: rightsError } = useRightsCatalogue();
  const [update] = useUpdate<RoleView>();
  /** The ticks of each role as chosen here, while they differ from what is saved. */
  const [drafts, setDrafts] = useState<Record<number, string[]>>({});
  const [refusals, setRefusals] = useState<Record<number, string>>({});
  const [saving, setSaving] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  // A phone shows one role at a time, chosen in the tabs above the table; wider screens show them all.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [shownRole, setShownRole] = useState<number | null>(null);
  const shown = phone ? roles.filter((role) => role.id === (shownRole ?? roles[0]?.id)) : roles;

  const ticked = (role: RoleView) => drafts[role.id] ?? role.rights;
  const changed = (role: RoleView) => drafts[role.id] !== undefined && !sameRights(drafts[role.id], role.rights);

  function toggle(role: RoleView, right: string) {
    const now = ticked(role);
    setDrafts({ ...drafts, [role.id]: now.includes(right) ? now.filter((name) => name !== right) : [...now, right] });
  }

  async function save(role: RoleView) {
    setSaving(role.id);
    setRefusals(({ [role.id]: _gone, ...rest }) => rest);
    try {
      await update('roles', { id: role.id, data: { rights: ticked(role) }, previousData: role }, { mutationMode: 'pessimistic', returnPromise: true });
      setDrafts(({ [role.id]: _saved, ...rest }) => rest);
      toast.success('app.staff_users.roles.saved', { role: role.name });
    } catch (failure) {
      const message = failure instanceof HttpError && failure.status < 500 && failure.message ? failure.message : translate('app.errors.generic_bang');
      setRefusals((current) => ({ ...current, [role.id]: message }));
      toast.error(message);
    } finally {
      setSaving(null);
    }
  }

  const body =
    error || rightsError ? (
      <Alert severity="error">{translate('app.errors.generic')}</Alert>
    ) : isPending || rightsPending ? (
      <Box sx={{ minHeight: '100vh' }} />
    ) : (
      <Paper sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby="roles-table-caption">
        {phone && (
          <Tabs
            value={shown[0]?.id ?? false}
            onChange={(_event, id: number) => setShownRole(id)}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label={translate('app.staff_users.roles.choose')}
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            {roles.map((role) => (
              <Tab key={role.id} value={role.id} label={role.name} />
            ))}
          </Tabs>
        )}
        <Table size="small" sx={{ minWidth: phone ? undefined : 320 + roles.length * 140 }}>
          <caption id="roles-table-caption" style={{ captionSide: 'top', textAlign: 'left', padding: '12px 16px' }}>
            {translate('app.staff_users.roles.caption')}
          </caption>
          <TableHead>
            <TableRow>
              <TableCell sx={{ ...STICKY, minWidth: 200 }}>{translate('app.staff_users.roles.right')}</TableCell>
              {shown.map((role) => (
                <TableCell key={role.id} align="center" sx={{ verticalAlign: 'bottom', minWidth: 130 }}>
                  <Typography component="span" sx={{ fontWeight: 700, display: 'block' }}>
                    {role.name}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary">
                    {translate('app.staff_users.roles.staff_count', { smart_count: role.staff_count })}
                  </Typography>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rights.map((right) => (
              <TableRow key={right.name}>
                <TableCell component="th" scope="row" sx={STICKY}>
                  <Typography component="span" sx={{ display: 'block' }}>
                    {right.description}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                    {right.name}
                  </Typography>
                </TableCell>
                {shown.map((role) => (
                  <TableCell key={role.id} align="center" padding="checkbox">
                    <Checkbox
                      checked={ticked(role).includes(right.name)}
                      onChange={() => toggle(role, right.name)}
                      disabled={saving === role.id}
                      slotProps={{ input: { 'aria-label': translate('app.staff_users.roles.tick', { role: role.name, right: right.description }) } }}
                    />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell sx={STICKY}>{translate('app.staff_users.roles.save_hint')}</TableCell>
              {shown.map((role) => (
                <TableCell key={role.id} align="center" sx={{ verticalAlign: 'top' }}>
                  <Button
                    variant="contained"
                    size="small"
                    disabled={!changed(role) || saving !== null}
                    onClick={() => void save(role)}
                    aria-label={translate('app.staff_users.roles.save_role', { role: role.name })}
                  >
                    {translate('app.save')}
                  </Button>
                  {refusals[role.id] && (
                    <Typography role="alert" variant="body2" color="error" sx={{ mt: 1, maxWidth: 200, mx: 'auto', textAlign: 'left' }}>
                      {refusals[role.id]}
                    </Typography>
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        </Table>
      </Paper>
    );

  return (
    <>
      <PageTitle label="app.staff_users.roles.title">
        <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
          {translate('app.staff_users.roles.add')}
        </Button>
      </PageTitle>
      <Typography sx={{ mb: 2, maxWidth: 900 }}>{translate('app.staff_users.roles.intro')}</Typography>
      {body}
      {adding && (
        <Suspense fallback={null}>
          <NewRoleDialog rights={rights} onClose={() => setAdding(false)} />
        </Suspense>
      )}
    </>
  );
}

export default RolesPage;
