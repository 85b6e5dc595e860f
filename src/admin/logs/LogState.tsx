/** Loading and error states shared by the log tabs. */
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslate } from 'react-admin';

export function LogState({ error, pending }: { error: unknown; pending: boolean }) {
  const translate = useTranslate();
  if (error) return <Alert severity="error">{translate('app.errors.generic_bang')}</Alert>;
  if (pending) return <LinearProgress aria-label={translate('app.loading')} />;
  return null;
}
