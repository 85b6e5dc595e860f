/** The top bar's profile button and the side panel it opens: initials, full name, language, 'Logg Ut'. */
import { lazy, Suspense, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AccountCircle from '@mui/icons-material/AccountCircle';
import CloseIcon from '@mui/icons-material/Close';
import { useLocaleState, useLogout, useTranslate } from 'react-admin';
import { initials } from '../../common/format.ts';
import { readSession } from '../../common/session.ts';

const LOCALES = ['nb', 'en'] as const;

const SecurityDialog = lazy(() => import('./SecurityDialog.tsx'));

export function ProfileButton() {
  const translate = useTranslate();
  const logout = useLogout();
  const [locale, setLocale] = useLocaleState();
  const [open, setOpen] = useState(false);
  const [security, setSecurity] = useState(false);
  const session = readSession();
  const fullName = session ? `${session.firstName} ${session.lastName}`.trim() : '';
  return (
    <>
      <Typography component="span" noWrap sx={{ mx: 1, maxWidth: { xs: '40vw', sm: 'none' } }}>
        {fullName}
      </Typography>
      <IconButton color="inherit" aria-label={translate('app.profile.open')} onClick={() => setOpen(true)}>
        <AccountCircle />
      </IconButton>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)}>
        <Box component="section" aria-label={translate('app.profile.title')} sx={{ width: 280, p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
          <IconButton aria-label={translate('app.close')} onClick={() => setOpen(false)} sx={{ alignSelf: 'flex-end' }}>
            <CloseIcon />
          </IconButton>
          <Avatar sx={{ width: 64, height: 64, bgcolor: 'primary.main', alignSelf: 'center' }}>{initials(session?.firstName, session?.lastName)}</Avatar>
          <Typography variant="h6" component="p" align="center">
            {fullName}
          </Typography>
          <TextField select size="small" label={translate('app.profile.language')} value={locale} onChange={(event) => setLocale(event.target.value)}>
            {LOCALES.map((code) => (
              <MenuItem key={code} value={code}>
                {translate(`app.language.${code}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            onClick={() => {
              setOpen(false);
              setSecurity(true);
            }}
          >
            {translate('app.profile.security')}
          </Button>
          <Button variant="contained" onClick={() => logout()}>
            {translate('app.profile.logout')}
          </Button>
        </Box>
      </Drawer>
      {security && (
        <Suspense fallback={null}>
          <SecurityDialog open={security} onClose={() => setSecurity(false)} />
        </Suspense>
      )}
    </>
  );
}
