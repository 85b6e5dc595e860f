/** The breadcrumb bar: the labels of the route and its parents, as the areas' registry declares them. */
import { generatePath, Link as RouterLink, matchPath, useLocation } from 'react-router-dom';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { STAFF_AREAS } from '../areas/registry.ts';

function trail(pathname: string): { label: string; to: string }[] {
  for (const crumb of STAFF_AREAS.flatMap((area) => area.crumbs)) {
    const match = matchPath(crumb.pattern, pathname);
    if (!match) continue;
    const own = { label: crumb.label, to: pathname };
    if (!crumb.parent) return [own];
    return [...trail(generatePath(crumb.parent, match.params)), own];
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
