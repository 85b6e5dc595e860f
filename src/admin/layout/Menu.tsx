/**
 * Left navigation from the areas' registry: top-level entries, the collapsible requests group with
 * pending counts; only the areas the signed-in user holds the right for (none until the rights come).
 */
import type { ComponentType, ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import InboxIcon from '@mui/icons-material/MoveToInbox';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useStore, useTranslate } from 'react-admin';
import { STAFF_AREAS } from '../../common/staff-areas/registry.ts';
import type { StaffArea } from '../../common/staff-areas/types.ts';
import { viewOf } from '../areas/views.ts';
import { holds, useRights } from '../access/rights.ts';
import { usePendingCounts } from './pendingCounts.ts';

export const REQUESTS_OPEN_KEY = 'menu.requests.open';

/** Read by screen readers, not shown: the badge shows the number to the eye. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function MenuLink({ to, icon, label, nested }: { to: string; icon?: ReactNode; label: string; nested?: boolean }) {
  return (
    <ListItemButton component={NavLink} to={to} sx={{ pl: nested ? 4 : 2, '&.active': { bgcolor: 'action.selected', fontWeight: 700 } }}>
      {icon && <ListItemIcon>{icon}</ListItemIcon>}
      <ListItemText primary={label} />
    </ListItemButton>
  );
}

function RequestsGroup({ areas, counts }: { areas: StaffArea[]; counts: ReturnType<typeof usePendingCounts> }) {
  const translate = useTranslate();
  const [open, setOpen] = useStore<boolean>(REQUESTS_OPEN_KEY, false);
  const label = translate('app.menu.requests');
  // The button's name is one text, 'Forespørsler, 73 ventende': pieces side by side (the badge's
  // number, a hidden part) run together or gain stray spaces in a screen reader. It starts with the
  // visible word, so a voice command saying it still finds the button (WCAG 2.5.3).
  const name = counts.sum > 0 ? `${label}, ${translate('app.menu.requests_pending', { count: counts.sum })}` : label;
  const requestsIcon =
    counts.sum > 0 ? (
      <Badge badgeContent={counts.sum} color="error" max={999} slotProps={{ badge: { 'aria-hidden': true } }}>
        <InboxIcon />
      </Badge>
    ) : (
      <InboxIcon />
    );
  return (
    <>
      <ListItemButton onClick={() => setOpen(!open)} aria-expanded={open} aria-controls={open ? 'requests-submenu' : undefined} sx={{ pr: 3 }}>
        <ListItemIcon aria-hidden>{requestsIcon}</ListItemIcon>
        <ListItemText
          primary={
            <>
              <span aria-hidden>{label}</span>
              <span style={visuallyHidden}>{name}</span>
            </>
          }
        />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit id="requests-submenu">
        <List component="div" disablePadding>
          {areas.map((area) => (
            <MenuLink key={area.name} nested to={area.path} label={translate(area.menu.label, { count: counts.of[area.menu.badge ?? ''] ?? 0 })} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

function AreaIcon({ icon: Icon }: { icon?: ComponentType }) {
  return Icon ? <Icon /> : null;
}

export function Menu() {
  const translate = useTranslate();
  const counts = usePendingCounts();
  const rights = useRights();
  const shown = rights ? STAFF_AREAS.filter((area) => holds(rights, area.right)) : [];
  const requests = shown.filter((area) => area.menu.group === 'requests');
  // The requests group sits where its first area is declared.
  const firstRequest = requests[0];
  return (
    <List component="nav" aria-label={translate('app.menu.label')} sx={{ width: { xs: '100%', sm: 260 }, pt: 1 }}>
      {shown.map((area) => {
        if (area === firstRequest) return <RequestsGroup key="requests" areas={requests} counts={counts} />;
        if (area.menu.group) return null;
        const icon = viewOf(area.name)?.icon;
        return <MenuLink key={area.name} to={area.path} icon={icon && <AreaIcon icon={icon} />} label={translate(area.menu.label)} />;
      })}
    </List>
  );
}
