/** Top bar: the logo (to /membership), then the user's full name and the profile panel. */
import Box from '@mui/material/Box';
import { Link } from 'react-router-dom';
import { AppBar as RaAppBar, useTranslate } from 'react-admin';
import { paths } from '../paths.ts';
import { ProfileButton } from './ProfilePanel.tsx';

export function AppBar() {
  const translate = useTranslate();
  return (
    <RaAppBar userMenu={false} toolbar={<ProfileButton />}>
      <Box
        component={Link}
        to={paths.membership}
        aria-label={translate('app.logo')}
        sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, fontSize: '1.15rem', letterSpacing: 0.5 }}
      >
        {translate('app.name')}
      </Box>
      <Box sx={{ flex: 1 }} />
    </RaAppBar>
  );
}
