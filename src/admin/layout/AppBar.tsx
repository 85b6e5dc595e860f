/**
 * Top bar: the skip link, the menu button, the logo (to /membership), then the user's full name and
 * the profile panel. Built from MUI's parts as react-admin's AppBar is (it slides away as the page
 * scrolls down and back as it scrolls up), without that AppBar's defaults this app never shows (its
 * user menu, language and theme buttons, loading indicator): their tooltips brought MUI's Popper and
 * popper.js, some 13 KB gzip, to every staff page.
 */
import type { MouseEvent } from 'react';
import MuiAppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Slide from '@mui/material/Slide';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import type { Theme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import { Link } from 'react-router-dom';
import { useSidebarState, useTranslate } from 'react-admin';
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

/** Opens and closes the side menu; named for what it does now ('Åpne menyen', 'Lukk menyen'). */
function MenuButton() {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  return (
    <IconButton
      color="inherit"
      aria-label={translate(open ? 'ra.action.close_menu' : 'ra.action.open_menu')}
      onClick={() => setOpen(!open)}
      sx={{ mr: '0.2em' }}
    >
      <MenuIcon sx={{ transition: (theme) => theme.transitions.create('transform'), transform: open ? 'rotate(180deg)' : 'none' }} />
    </IconButton>
  );
}

export function AppBar() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const scrolledDown = useScrollTrigger();
  return (
    <>
      <SkipLink />
      <Slide appear={false} direction="down" in={!scrolledDown}>
        <MuiAppBar color="secondary">
          <Toolbar disableGutters variant={phone ? 'regular' : 'dense'} sx={{ px: 1, minHeight: { xs: 48, md: undefined } }}>
            <MenuButton />
            <Box
              component={Link}
              to={paths.membership}
              aria-label={translate('app.logo')}
              sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, fontSize: '1.15rem', letterSpacing: 0.5 }}
            >
              {translate('app.name')}
            </Box>
            <Box sx={{ flex: 1 }} />
            <ProfileButton />
          </Toolbar>
        </MuiAppBar>
      </Slide>
    </>
  );
}
