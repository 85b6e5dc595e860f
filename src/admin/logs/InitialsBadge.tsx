/**
 * UTFØRT AV: the person's initials in a badge, the full name for screen readers and on hover.
 * What the system did on its own (scheduled mail, sign-up) gets a badge of its own, a gear.
 */
import Avatar from '@mui/material/Avatar';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { useTranslate } from 'react-admin';
import { initials } from '../../common/format.ts';
import type { PersonRef } from '../../dataProvider/types.ts';
import '../../i18n/app/insurance-pages-nb.ts';

const SIZE = { width: 32, height: 32, fontSize: 14 };

export function InitialsBadge({ person }: { person: PersonRef | null }) {
  const translate = useTranslate();
  if (!person) {
    const system = translate('app.logs.system');
    return (
      <Avatar
        role="img"
        aria-label={system}
        title={system}
        variant="rounded"
        sx={{ ...SIZE, bgcolor: 'grey.200', color: 'text.primary', border: 1, borderColor: 'grey.500' }}
      >
        <SettingsOutlined fontSize="small" aria-hidden />
      </Avatar>
    );
  }
  const name = `${person.first_name} ${person.last_name}`.trim();
  return (
    <Avatar role="img" aria-label={name} title={name} sx={{ ...SIZE, bgcolor: 'primary.main' }}>
      {initials(person.first_name, person.last_name)}
    </Avatar>
  );
}
