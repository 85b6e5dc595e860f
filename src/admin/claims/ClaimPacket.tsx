/** 'Skademeldingspakken': the packet as the insurer got it, as a PDF in Norwegian or English, and with the documents as a zip. */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PacketLang, StaffDataProvider } from '../../dataProvider/index.ts';
import { useToast } from '../toast.tsx';
import '../../i18n/app/claims-pages-nb.ts';

type Packet = PacketLang | 'zip';

const LABEL: Record<Packet, string> = { nb: 'app.claims.packet_nb', en: 'app.claims.packet_en', zip: 'app.claims.packet_zip' };

export function ClaimPacket({ claimId }: { claimId: number }) {
  const translate = useTranslate();
  const toast = useToast();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [which, setWhich] = useState<Packet | null>(null);
  const { mutate, isPending } = useMutation({
    mutationFn: (packet: Packet) => (packet === 'zip' ? dataProvider.downloadClaimZip(claimId) : dataProvider.downloadClaimPacket(claimId, packet)),
    onMutate: setWhich,
    onError: (error) => toast.error('app.claims.packet_failed', { message: (error as Error).message }),
    onSettled: () => setWhich(null),
  });
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.claims.packet_intro')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {(['nb', 'en', 'zip'] as const).map((packet) => (
          <Button key={packet} variant="outlined" startIcon={<Download />} disabled={isPending && which === packet} onClick={() => mutate(packet)}>
            {translate(LABEL[packet])}
          </Button>
        ))}
      </Box>
    </>
  );
}
