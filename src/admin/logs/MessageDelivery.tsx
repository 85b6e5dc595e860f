/** A message's way out in the log modal: queued, sent or failed, its attempts and error, and 'Send på nytt' for a failed one. */
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Replay from '@mui/icons-material/Replay';
import { useDataProvider, useRefresh, useTranslate } from 'react-admin';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import type { EmailLogEntry } from '../../dataProvider/types.ts';
import { useToast } from '../toast.tsx';
import '../../i18n/app/insurance-pages-nb.ts';

const SEVERITY = { queued: 'info', sent: 'success', failed: 'error' } as const;

export function MessageDelivery({ entry, onResent }: { entry: EmailLogEntry; onResent: (entry: EmailLogEntry) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const refresh = useRefresh();
  const toast = useToast();
  const { mutate: resend, isPending: busy } = useMutation({
    mutationFn: () => dataProvider.resendMessage(entry.id),
    onSuccess: (sent) => {
      onResent(sent);
      toast.success('app.logs.messages.resent');
      refresh();
    },
    onError: (error) => toast.error(error instanceof Error && error.message ? error.message : 'app.errors.generic'),
  });
  return (
    <Alert
      severity={SEVERITY[entry.status]}
      sx={{ mb: 2 }}
      action={
        entry.status === 'failed' && (
          <Button color="inherit" size="small" startIcon={<Replay />} disabled={busy} onClick={() => resend()}>
            {translate('app.logs.messages.resend')}
          </Button>
        )
      }
    >
      <Typography component="p" sx={{ fontWeight: 700 }}>
        {translate(`app.logs.messages.status.${entry.status}`)}
      </Typography>
      <Typography component="p">{translate('app.logs.messages.attempts', { count: entry.attempts })}</Typography>
      {entry.error && (
        <Box component="p" sx={{ m: 0 }}>
          {translate('app.logs.messages.error', { error: entry.error })}
        </Box>
      )}
    </Alert>
  );
}
