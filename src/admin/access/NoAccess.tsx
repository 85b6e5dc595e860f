/**
 * 'Du har ikke tilgang': what a staff user sees instead of a page they lack the right for (typed
 * in, or refused by the server), naming the right in words and by name, with the way on.
 */
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Title, useTranslate } from 'react-admin';
import { STAFF_AREAS } from '../../common/staff-areas/registry.ts';
import { holds, useRights, type Right, type StaffRights } from './rights.ts';

/** The first area of the menu (outside the requests group) the user may open, other than the one refusing. */
const homeFor = (mine: StaffRights | undefined, pathname: string) =>
  STAFF_AREAS.find((area) => !area.menu.group && pathname !== area.path && holds(mine, area.right));

export function NoAccess({ rights }: { rights: readonly Right[] }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { key, pathname } = useLocation();
  const home = homeFor(useRights(), pathname);
  // Back only within the app: a page typed in has nothing of the app's behind it.
  const back = key !== 'default';
  const named = (right: Right) => translate('app.access.right', { description: translate(`app.access.rights.${right}`), right });
  return (
    <Paper component="section" aria-labelledby="no-access-title" sx={{ p: { xs: 2, sm: 4 }, mt: 2, maxWidth: 720 }}>
      <Title title={translate('app.access.title')} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <LockOutlined color="warning" fontSize="large" aria-hidden />
        <Typography id="no-access-title" variant="h5" component="h1">
          {translate('app.access.title')}
        </Typography>
      </Box>
      {rights.length === 1 ? (
        <Typography>{translate('app.access.needs_one', { right: named(rights[0]) })}</Typography>
      ) : (
        <>
          <Typography>{translate('app.access.needs_any')}</Typography>
          <Box component="ul" sx={{ mt: 1, mb: 0 }}>
            {rights.map((right) => (
              <li key={right}>
                <Typography>{named(right)}</Typography>
              </li>
            ))}
          </Box>
        </>
      )}
      <Typography sx={{ mt: 2 }} color="text.secondary">
        {translate('app.access.ask')}
      </Typography>
      {(home || back) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 3 }}>
          {home && (
            <Button component={RouterLink} to={home.path} variant="contained">
              {translate('app.access.home', { page: translate(home.menu.label) })}
            </Button>
          )}
          {back && (
            <Button variant="outlined" startIcon={<ArrowBack />} onClick={() => navigate(-1)}>
              {translate('app.back')}
            </Button>
          )}
        </Box>
      )}
    </Paper>
  );
}
