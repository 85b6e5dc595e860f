/** The breadcrumb bar: the labels of the route and its parents. */
import { Link as RouterLink, matchPath, useLocation } from 'react-router-dom';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { paths } from '../paths.ts';

interface Crumb {
  pattern: string;
  label: string;
  parent?: (params: Record<string, string | undefined>) => { pattern: string; to: string };
}

const LOGS_LABEL = 'app.breadcrumb.logs';
const editOf = (id?: string) => ({ pattern: '/membership/edit/:id', to: paths.editMember(id ?? '') });

const CRUMBS: Crumb[] = [
  { pattern: '/membership', label: 'app.breadcrumb.membership' },
  { pattern: '/membership/create-new-user', label: 'app.breadcrumb.create', parent: () => ({ pattern: '/membership', to: paths.membership }) },
  { pattern: '/membership/edit/:id', label: 'app.breadcrumb.edit', parent: () => ({ pattern: '/membership', to: paths.membership }) },
  ...[
    '/membership/instrument-insurance/reject/:memberId',
    '/membership/edit/insurance-logs/:memberId',
    '/membership/edit/travel-insurance/insurance-logs/:memberId',
    '/membership/edit/instrument-insurance/insurance-logs/:memberId',
  ].map((pattern) => ({ pattern, label: LOGS_LABEL, parent: (params: Record<string, string | undefined>) => editOf(params.memberId) })),
  { pattern: '/membership-request/*', label: 'app.breadcrumb.membership_request' },
  { pattern: '/travel-insurance/*', label: 'app.breadcrumb.travel_insurance' },
  { pattern: '/instrument-insurance/*', label: 'app.breadcrumb.instrument_insurance' },
  { pattern: '/settings/*', label: 'app.breadcrumb.settings' },
];

function trail(pathname: string): { label: string; to: string }[] {
  for (const crumb of CRUMBS) {
    const match = matchPath(crumb.pattern, pathname);
    if (!match) continue;
    const own = { label: crumb.label, to: pathname };
    if (!crumb.parent) return [own];
    const parent = crumb.parent(match.params);
    return [...trail(parent.to), own];
  }
  return [];
}

export function Breadcrumb() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const items = trail(pathname);
  if (items.length === 0) return null;
  return (
    <Breadcrumbs aria-label={translate('app.breadcrumb.label')} sx={{ px: 2, pt: 2 }}>
      {items.map((item, index) =>
        index === items.length - 1 ? (
          <Typography key={item.to} color="text.primary" aria-current="page" sx={{ fontWeight: 700 }}>
            {translate(item.label)}
          </Typography>
        ) : (
          <Link key={item.to} component={RouterLink} to={item.to} underline="hover" color="inherit">
            {translate(item.label)}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
