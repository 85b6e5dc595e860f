/** UTFØRT AV: the person's initials in a badge, the full name for screen readers and on hover. */
import Avatar from '@mui/material/Avatar';
import { useTranslate } from 'react-admin';
import { initials } from '../../common/format.ts';
import type { PersonRef } from '../../dataProvider/types.ts';

export function InitialsBadge({ person }: { person: PersonRef | null }) {
  const translate = useTranslate();
  const name = person ? `${person.first_name} ${person.last_name}`.trim() : translate('app.logs.system');
  return (
    <Avatar role="img" aria-label={name} title={name} sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main' }}>
      {person ? initials(person.first_name, person.last_name) : '–'}
    </Avatar>
  );
}
