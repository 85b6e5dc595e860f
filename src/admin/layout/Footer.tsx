/** The footer with the link to the accessibility statement: one line on desktop, stacked on phones (≤ 480 px), held to the content width on wide screens (≥ 1490 px). */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { STATEMENT_PATHS } from '../../common/member-paths.ts';
import { supportContact } from '../../common/support.ts';

export function Footer() {
  const translate = useTranslate();
  return (
    <Box
      component="footer"
      sx={{
        mt: 'auto',
        px: 3,
        py: 2,
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        borderTop: 1,
        borderColor: 'divider',
        color: 'text.secondary',
        '@media (max-width: 480px)': { flexDirection: 'column', alignItems: 'center', textAlign: 'center', px: 1.5 },
        '@media (min-width: 1490px)': { maxWidth: 1440, width: '100%', mx: 'auto' },
      }}
    >
      <Typography variant="body2">{translate('app.footer.organisation')}</Typography>
      <Typography variant="body2">{translate('app.footer.contact', supportContact())}</Typography>
      {/* A public page of Min side, so a plain link that leaves the staff app. */}
      <Typography variant="body2">
        <Link href={STATEMENT_PATHS.staff} color="inherit">
          {translate('app.footer.statement')}
        </Link>
      </Typography>
    </Box>
  );
}
