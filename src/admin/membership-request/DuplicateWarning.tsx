/** VARSEL: a warning with a link to the member the applicant probably duplicates; nothing otherwise. */
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { useTranslate } from 'react-admin';
import type { DuplicateRef } from '../../dataProvider/types.ts';
import { paths } from '../paths.ts';
import '../../i18n/app/requests-pages-nb.ts';

const stop = (event: MouseEvent) => event.stopPropagation();

export function DuplicateWarning({ duplicate }: { duplicate: DuplicateRef | null }) {
  const translate = useTranslate();
  if (!duplicate) return null;
  const name = `${duplicate.first_name} ${duplicate.last_name}`;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 160 }}>
      <WarningAmber sx={{ color: 'warning.dark' }} fontSize="small" aria-hidden />
      <span>
        {translate('app.membership_requests.duplicate')}{' '}
        <Link component={RouterLink} to={paths.editMember(duplicate.id)} onClick={stop}>
          {duplicate.remote_id ? `${name} (${duplicate.remote_id})` : name}
        </Link>
      </span>
    </Box>
  );
}
