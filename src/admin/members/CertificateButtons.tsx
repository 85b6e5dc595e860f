/** Staff download a member's insurance certificate (PDF), in Norwegian or English; shown only with the cover. */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { useTranslate } from 'react-admin';
import { downloadCertificate, type CertificateKind, type CertificateLang } from '../../common/certificates.ts';
import { useDownload } from '../lists/useDownload.ts';
import '../../i18n/app/insurance-pages-nb.ts';

export function CertificateButtons({ memberId, kind }: { memberId: number; kind: CertificateKind }) {
  const translate = useTranslate();
  const { start: download, busy } = useDownload(async (lang: CertificateLang) => {
    const problem = await downloadCertificate(memberId, kind, lang);
    if (problem) throw new Error(problem);
  });
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
      <Button variant="outlined" startIcon={<PictureAsPdf />} disabled={busy} onClick={() => download('nb')}>
        {translate('app.certificates.norwegian')}
      </Button>
      <Button variant="outlined" startIcon={<PictureAsPdf />} disabled={busy} onClick={() => download('en')} lang="en">
        {translate('app.certificates.english')}
      </Button>
    </Stack>
  );
}
