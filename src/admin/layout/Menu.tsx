/** Left navigation: members, the collapsible requests group with pending counts, settings. */
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import PeopleIcon from '@mui/icons-material/People';
import InboxIcon from '@mui/icons-material/MoveToInbox';
import SettingsIcon from '@mui/icons-material/Settings';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useStore, useTranslate } from 'react-admin';
import { paths } from '../paths.ts';
import { usePendingCounts } from './pendingCounts.ts';

export const REQUESTS_OPEN_KEY = 'menu.requests.open';

/** Read by screen readers, not shown: the badge already shows the number. */
const visuallyHidden = {
  position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap',
} as const;

function MenuLink({ to, icon, label, nested }: { to: string; icon?: ReactNode; label: string; nested?: boolean }) {
  return (
    <ListItemButton
      component={NavLink}
      to={to}
      sx={{ pl: nested ? 4 : 2, '&.active': { bgcolor: 'action.selected', fontWeight: 700 } }}
    >
      {icon && <ListItemIcon>{icon}</ListItemIcon>}
      <ListItemText primary={label} />
    </ListItemButton>
  );
}

export function Menu() {
  const translate = useTranslate();
  const counts = usePendingCounts();
  const [open, setOpen] = useStore<boolean>(REQUESTS_OPEN_KEY, false);
  const requestsIcon = counts.sum > 0 ? (
    <Badge badgeContent={counts.sum} color="error" max={999}>
      <InboxIcon />
    </Badge>
  ) : (
    <InboxIcon />
  );
  return (
    <List component="nav" aria-label={translate('app.menu.label')} sx={{ width: 260, pt: 1 }}>
      <MenuLink to={paths.membership} icon={<PeopleIcon />} label={translate('app.menu.members')} />
      <ListItemButton
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        aria-controls="requests-submenu"
      >
        <ListItemIcon aria-hidden>{requestsIcon}</ListItemIcon>
        <ListItemText
          primary={translate('app.menu.requests')}
          secondary={counts.sum > 0 ? translate('app.menu.requests_pending', { count: counts.sum }) : undefined}
          slotProps={{ secondary: { sx: visuallyHidden } }}
        />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit id="requests-submenu">
        <List disablePadding>
          <MenuLink nested to={paths.membershipRequests} label={translate('app.menu.memberships', { count: counts.memberships })} />
          <MenuLink nested to={paths.travelRequests} label={translate('app.menu.travel', { count: counts.travel })} />
          <MenuLink nested to={paths.instrumentRequests} label={translate('app.menu.instruments', { count: counts.instruments })} />
        </List>
      </Collapse>
      <MenuLink to={paths.settings} icon={<SettingsIcon />} label={translate('app.menu.settings')} />
    </List>
  );
}
