/** The staff theme: react-admin's default with a dark primary colour that keeps text contrast above 4.5:1. */
import { defaultTheme, type RaThemeOptions } from 'react-admin';

const NAVY = '#1d3557';

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: NAVY },
    secondary: { main: NAVY },
    error: { main: '#b3261e' },
    success: { main: '#1b5e20' },
    background: { default: '#f4f6f8' },
  },
  components: {
    ...defaultTheme.components,
    MuiTableCell: { styleOverrides: { head: { fontWeight: 700 } } },
    // The top bar's own skip link replaces it (layout/AppBar.tsx).
    RaSkipNavigationButton: { styleOverrides: { root: { display: 'none' } } },
  },
};
