/** The member-name header of a member's pages: 'remote id - first last' (or the name) and 'Gå tilbake'. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';

export function memberTitle(member: { remote_id: number | null; first_name: string | null; last_name: string | null }): string {
  const name = `${member.first_name ?? ''} ${member.last_name ?? ''}`.trim();
  if (!member.remote_id) return name;
  return name ? `${member.remote_id} - ${name}` : String(member.remote_id);
}

export function MemberHeader({
  member,
  backTo,
  title,
}: {
  member?: { remote_id: number | null; first_name: string | null; last_name: string | null };
  backTo: string;
  /** A heading of its own when there is no member to name (one that cannot be found). */
  title?: string;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, my: 2 }}>
      <Typography variant="h5" component="h1">
        {member ? memberTitle(member) : (title ?? '\u00a0')}
      </Typography>
      <Button variant="outlined" startIcon={<ArrowBack />} onClick={() => navigate(backTo)}>
        {translate('app.back')}
      </Button>
    </Box>
  );
}
