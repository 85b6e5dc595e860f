/**
 * One document as a tile: its thumbnail (a PDF, or an image without one, as an icon) as the
 * button that downloads it, what it is (kind, file name, an appraisal's value and date, when it
 * was uploaded), and, where staff may delete, 'Slett' — or, when a claim carries it, why it cannot be deleted.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useTranslate } from 'react-admin';
import type { Document } from '../../dataProvider/index.ts';
import { formatAmount, formatDate } from '../../common/format.ts';
import { useToast } from '../toast.tsx';
import { useDocumentDownload, useThumbnail } from './useDocuments.ts';
import '../../i18n/app/documents-pages-nb.ts';

export const TILE_WIDTH = 176;
const PREVIEW_HEIGHT = 132;

/** What the document is, in words: 'Kvittering: kvittering.jpg' (the thumbnail's alt text). */
export function useDocumentName() {
  const translate = useTranslate();
  return (document: Document) => translate('app.documents.alt', { kind: translate(`app.documents.kind.${document.kind}`), name: document.file_name });
}

export const FOCUS_RING = { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 } as const;
/** Inside the tile, whose rounded frame would cut a ring drawn outside. */
const INSET_RING = { ...FOCUS_RING, outlineOffset: -3 } as const;

function Preview({ document, name }: { document: Document; name: string }) {
  const thumbnail = useThumbnail(document);
  let content: ReactNode;
  if (thumbnail.data) {
    content = (
      <Box component="img" src={thumbnail.data} alt={name} sx={{ display: 'block', maxWidth: '100%', maxHeight: PREVIEW_HEIGHT, objectFit: 'contain' }} />
    );
  } else {
    const pdf = document.content_type === 'application/pdf';
    const Icon = pdf ? DescriptionOutlined : ImageOutlined;
    // Until the thumbnail comes (or when there is none), the icon stands in, named as the image would be;
    // what it is shows below the button, so the button's name holds all the text it shows.
    content = (
      <Box role="img" aria-label={name} sx={{ display: 'grid', color: 'text.secondary' }}>
        <Icon fontSize="large" />
      </Box>
    );
  }
  return <>{content}</>;
}

export function DocumentTile({ document, onDelete }: { document: Document; onDelete?: (document: Document) => void }) {
  const translate = useTranslate();
  const toast = useToast();
  const name = useDocumentName()(document);
  const download = useDocumentDownload();
  const open = () =>
    download.mutate(document, {
      onError: (error) => toast.error('app.documents.open_failed', { message: (error as Error).message }),
    });
  return (
    <Paper component="li" variant="outlined" sx={{ width: '100%', maxWidth: TILE_WIDTH, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
      <ButtonBase
        onClick={open}
        disabled={download.isPending}
        aria-label={translate('app.documents.open', { name: document.file_name })}
        sx={{ height: PREVIEW_HEIGHT, overflow: 'hidden', bgcolor: 'action.hover', display: 'grid', placeItems: 'center', '&.Mui-focusVisible': INSET_RING }}
      >
        <Preview document={document} name={name} />
      </ButtonBase>
      <Box sx={{ p: 1, display: 'grid', alignContent: 'start', gap: 0.25, flex: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {translate(`app.documents.kind.${document.kind}`)}
          {document.content_type === 'application/pdf' && ` · ${translate('app.documents.pdf')}`}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {document.file_name}
        </Typography>
        {document.kind === 'appraisal' && document.value !== null && (
          <Typography variant="body2">
            {translate('app.documents.appraisal', { amount: formatAmount(document.value), date: formatDate(document.valued_on) })}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary">
          {translate('app.documents.uploaded_on', { date: formatDate(document.created_at) })}
        </Typography>
        {/* Why a document stays is said where documents are deleted (not on the claim that carries them all). */}
        {onDelete && document.in_claim ? (
          <Typography variant="caption" sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', mt: 0.5 }}>
            <LockOutlined fontSize="inherit" sx={{ mt: '2px' }} aria-hidden />
            {translate('app.documents.in_claim')}
          </Typography>
        ) : (
          onDelete && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutline />}
              onClick={() => onDelete(document)}
              aria-label={translate('app.documents.delete_label', { name: document.file_name })}
              sx={{ justifySelf: 'start', mt: 0.5, '&.Mui-focusVisible': FOCUS_RING }}
            >
              {translate('app.documents.delete')}
            </Button>
          )
        )}
      </Box>
    </Paper>
  );
}
