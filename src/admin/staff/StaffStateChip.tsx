/** A staff user's state as a chip: active, invited (no password chosen yet) or deactivated. */
import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import { stateKey } from './staffText.ts';

export function StaffStateChip({ user }: { user: { active: boolean; invited: boolean } }) {
  const translate = useTranslate();
  // The theme's own colours, which hold their contrast on white (MUI's info blue does not).
  const color = !user.active ? 'default' : user.invited ? 'primary' : 'success';
  return <Chip size="small" variant={user.active ? 'outlined' : 'filled'} color={color} label={translate(stateKey(user))} />;
}
