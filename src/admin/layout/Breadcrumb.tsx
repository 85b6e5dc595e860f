/**
 * The breadcrumb bar: the labels of the route and its parents, as the areas' pages in the registry declare them.
 * The last one also names the page in the browser's title (WCAG 2.4.2), so a new area gets one.
 */
import { useEffect } from 'react';
import { generatePath, Link as RouterLink, matchPath, useLocation } from 'react-router-dom';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { crumbsOf, STAFF_AREAS } from '../../common/staff-areas/registry.ts';

interface Item {
  label: string;
  to: string;
  title?: string;
}

function trail(pathname: string): Item[] {
  for (const crumb of STAFF_AREAS.flatMap(crumbsOf)) {
    const match = matchPath(crumb.pattern, pathname);
    if (!match) continue;
    const own = { label: crumb.label, to: pathname, title: crumb.title };
    if (!crumb.parent) return [own];
    return [...trail(generatePath(crumb.parent, match.params)), own];
  }
  return [];
}

/** The spec's labels are in capitals ('MEDLEMSOVERSIKT'); a title reads as a name ('Medlemsoversikt'). */
const sentenceCase = (text: string) => text.charAt(0).toLocaleUpperCase('nb') + text.slice(1).toLocaleLowerCase('nb');

export function Breadcrumb() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const items = trail(pathname);
  const last = items.at(-1);
  const pageName = last ? (last.title ? translate(last.title) : sentenceCase(translate(last.label))) : '';
  const title = [pageName, translate('app.name')].filter(Boolean).join(' – ');
  useEffect(() => {
    document.title = title;
  }, [title]);
  if (items.length === 0) return null;
  return (
    // One case for every label: the spec's are in capitals, but it names the logs' 'Forsikrings logg'
    // as it is, so the bar shows them all in capitals while the text stays as the spec writes it.
    <Breadcrumbs aria-label={translate('app.breadcrumb.label')} sx={{ px: 2, pt: 2, textTransform: 'uppercase' }}>
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
