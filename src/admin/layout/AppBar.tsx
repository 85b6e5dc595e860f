/** Top bar: the skip link, the logo (to /membership), then the user's full name and the profile panel. */
import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';
import { Link } from 'react-router-dom';
import { AppBar as RaAppBar, useTranslate } from 'react-admin';
import { paths } from '../paths.ts';
import { ProfileButton } from './ProfilePanel.tsx';
import { MAIN_CONTENT_ID as MAIN } from './mainContent.ts';

function skipToMain(event: MouseEvent) {
  const main = document.getElementById(MAIN);
  if (!main) return;
  event.preventDefault();
  // Focus stays on the content (react-admin's own skip button focused it and let go again).
  main.tabIndex = -1;
  main.focus();
}

/**
 * 'Hopp til innholdet', the first stop of the keyboard: hidden above the screen until focused, then
 * white on the navy primary (above 4.5:1) at every width. It replaces react-admin's skip button
 * (hidden in the theme), which showed white on light grey, and an empty 16 px box on phones.
 */
function SkipLink() {
  const translate = useTranslate();
  return (
    <Box
      component="a"
      href={`#${MAIN}`}
      onClick={skipToMain}
      sx={{
        position: 'fixed',
        left: 16,
        top: -80,
        zIndex: 5000,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 700,
        textDecoration: 'underline',
        // Clipped away too until focused: a whole-page picture draws fixed boxes where the page was scrolled to.
        '&:not(:focus)': { clipPath: 'inset(50%)' },
        '&:focus': { top: 16, outline: '3px solid #ffbf47', outlineOffset: 2 },
      }}
    >
      {translate('ra.navigation.skip_nav')}
    </Box>
  );
}

export function AppBar() {
  const translate = useTranslate();
  return (
    <>
      <SkipLink />
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
    </>
  );
}
