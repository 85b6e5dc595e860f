/**
 * A campaign code's QR code: the public sign-up page with the code, 500 px and error
 * correction H, downloaded as a png drawn at exactly 500 px whatever the screen's pixel ratio.
 */
import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { QRCodeCanvas } from 'qrcode.react';
import { useTranslate } from 'react-admin';
import '../../i18n/app/settings-pages-nb.ts';

export const QR_SIZE = 500;

/** PUBLIC_URL as the server hands it to the page (<meta name="public-url">), else this page's origin. */
function publicUrl(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="public-url"]')?.content.trim();
  return (meta || window.location.origin).replace(/\/+$/, '');
}

export const signUpUrl = (code: string) => `${publicUrl()}/new-member?campaign_code=${encodeURIComponent(code)}`;

function downloadPng(source: HTMLCanvasElement, code: string) {
  const canvas = document.createElement('canvas');
  canvas.width = QR_SIZE;
  canvas.height = QR_SIZE;
  const context = canvas.getContext('2d')!;
  context.imageSmoothingEnabled = false;
  context.drawImage(source, 0, 0, QR_SIZE, QR_SIZE);
  const link = document.createElement('a');
  link.href = canvas.toDataURL('image/png');
  link.download = `kampanjekode-${code.replace(/[^A-Za-z0-9_-]/g, '_')}.png`;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

export function CampaignQrDialog({ code, onClose }: { code: string; onClose: () => void }) {
  const translate = useTranslate();
  const canvas = useRef<HTMLCanvasElement>(null);
  const url = signUpUrl(code);
  return (
    <Dialog open onClose={onClose} aria-labelledby="qr-title" maxWidth="md">
      <DialogTitle id="qr-title">{translate('app.settings.campaigns.qr_for', { code })}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', justifyContent: 'center', '& canvas': { width: '100% !important', maxWidth: QR_SIZE, height: 'auto !important' } }}>
          <QRCodeCanvas
            ref={canvas}
            value={url}
            size={QR_SIZE}
            level="H"
            marginSize={4}
            title={url}
            role="img"
            aria-label={translate('app.settings.campaigns.qr_for', { code })}
          />
        </Box>
        <Typography variant="body2" sx={{ mt: 1, wordBreak: 'break-all' }}>
          {translate('app.settings.campaigns.qr_url', { url })}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.close')}</Button>
        <Button variant="contained" startIcon={<DownloadIcon />} onClick={() => canvas.current && downloadPng(canvas.current, code)}>
          {translate('app.settings.campaigns.qr_download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
