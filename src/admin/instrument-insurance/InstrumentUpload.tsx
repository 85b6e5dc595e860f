/** For a member with no instruments: choose the filled-in template (.xlsx) and 'Last opp fil'. */
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/Upload';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import { useToast } from '../toast.tsx';
import '../../i18n/app/instruments-pages-nb.ts';

const XLSX = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function InstrumentUpload({ memberId, onUploaded }: { memberId: Identifier; onUploaded: () => Promise<unknown> }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const toast = useToast();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  // The import is a custom call; the caller reads the member's instruments again (onUploaded).
  const { mutate: upload, isPending: busy } = useMutation({
    mutationFn: (chosen: File) => dataProvider.importInstruments(memberId, chosen),
    onSuccess: async () => {
      toast.success('app.instruments.uploaded');
      await onUploaded();
    },
    onError: (error) => {
      const message = error?.message || translate('app.instruments.upload_no_message');
      toast.error(translate('app.instruments.upload_failed', { message }));
    },
  });

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, my: 2 }}>
      <Typography component="label" htmlFor={inputId}>
        {translate('app.instruments.upload_label')}
      </Typography>
      <input id={inputId} type="file" accept={XLSX} onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
      <Button variant="contained" startIcon={<UploadIcon />} disabled={!file || busy} onClick={() => file && upload(file)}>
        {translate('app.instruments.upload')}
      </Button>
    </Stack>
  );
}
