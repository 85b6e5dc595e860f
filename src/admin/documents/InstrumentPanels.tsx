/**
 * The panels of 'Dokumenter' (InstrumentDocuments.tsx), one per instrument: its documents as
 * thumbnails that download, and — for staff who may change members — 'Slett' and 'Legg til
 * dokument', which opens the upload form. A panel's thumbnails are read when it is opened (the only
 * instrument's panel starts open). Loaded when the section comes near the window; the upload form,
 * with its form library and inputs, when staff go for it (the button's hover or focus), as on Min side.
 */
import { lazy, Suspense, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import UploadFile from '@mui/icons-material/UploadFile';
import { Confirm, useTranslate } from 'react-admin';
import type { Document, Instrument } from '../../dataProvider/index.ts';
import { useCan } from '../access/rights.ts';
import { useToast } from '../toast.tsx';
import { DocumentGrid } from './DocumentGrid.tsx';
import { FOCUS_RING } from './DocumentTile.tsx';
import { useDocumentDelete, useInstrumentDocuments } from './useDocuments.ts';
import '../../i18n/app/documents-pages-nb.ts';

const loadUploadForm = () => import('./DocumentUploadForm.tsx');
const DocumentUploadForm = lazy(() => loadUploadForm().then((module) => ({ default: module.DocumentUploadForm })));

/** 'Legg til dokument', opening and closing the upload form below it. */
function UploadOnAsking({ instrumentId, instrument }: { instrumentId: number; instrument: string }) {
  const translate = useTranslate();
  const formId = useId();
  const [adding, setAdding] = useState(false);
  return (
    <Box sx={{ mt: 2 }}>
      <Button
        variant="outlined"
        startIcon={<UploadFile />}
        aria-expanded={adding}
        aria-controls={formId}
        onPointerEnter={() => void loadUploadForm()}
        onFocus={() => void loadUploadForm()}
        onClick={() => setAdding(!adding)}
      >
        {translate('app.documents.upload.open')}
      </Button>
      <div id={formId} hidden={!adding}>
        {adding && (
          <Suspense fallback={<LinearProgress sx={{ mt: 2, maxWidth: 560 }} aria-label={translate('app.documents.upload.heading')} />}>
            <DocumentUploadForm instrumentId={instrumentId} instrument={instrument} />
          </Suspense>
        )}
      </div>
    </Box>
  );
}

export const instrumentText = (instrument: Pick<Instrument, 'make' | 'model' | 'serial_number' | 'category'>) =>
  [[instrument.make, instrument.model].filter(Boolean).join(' ') || instrument.category, instrument.serial_number].filter(Boolean).join(', ');

function InstrumentPanel({ instrument, startOpen }: { instrument: Instrument; startOpen: boolean }) {
  const translate = useTranslate();
  const toast = useToast();
  const changes = useCan('members.change');
  const { data, error } = useInstrumentDocuments(instrument.id);
  const remove = useDocumentDelete();
  const [deleting, setDeleting] = useState<Document | null>(null);
  // Open at first when it is the only instrument; afterwards as staff leave it (the count may change).
  const [open, setOpen] = useState(startOpen);
  const name = instrumentText(instrument);
  const summaryId = `documents-${instrument.id}`;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting, {
      onSuccess: () => toast.success('app.documents.deleted'),
      // A claim made meanwhile keeps the document: the server says so (409), in its words.
      onError: (failure) => toast.error((failure as Error).message || 'app.errors.generic'),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Accordion expanded={open} onChange={(_event, expanded) => setOpen(expanded)} slotProps={{ transition: { unmountOnExit: true } }} disableGutters>
      <AccordionSummary
        expandIcon={<ExpandMore />}
        id={summaryId}
        aria-controls={open ? `${summaryId}-panel` : undefined}
        sx={{ '&.Mui-focusVisible': FOCUS_RING }}
      >
        {/* MUI puts the summary in an h3 of its own. */}
        <Typography component="span" variant="subtitle1">
          {translate('app.documents.instrument', { instrument: name, count: data ? data.length : '…' })}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={`${summaryId}-panel`}>
        {error ? (
          <Alert severity="error">{translate('app.documents.load_failed')}</Alert>
        ) : (
          <DocumentGrid
            documents={data ?? []}
            label={translate('app.documents.list_label', { instrument: name })}
            empty={data ? translate('app.documents.empty') : translate('app.loading')}
            onDelete={changes ? setDeleting : undefined}
          />
        )}
        {changes && <UploadOnAsking instrumentId={instrument.id} instrument={name} />}
      </AccordionDetails>
      <Confirm
        isOpen={deleting !== null}
        loading={remove.isPending}
        title={translate('app.documents.delete_title')}
        content={translate('app.documents.delete_text', { name: deleting?.file_name ?? '' })}
        confirm="app.documents.delete"
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Accordion>
  );
}

export default function InstrumentPanels({ instruments }: { instruments: Instrument[] }) {
  return (
    <>
      {instruments.map((instrument) => (
        <InstrumentPanel key={instrument.id} instrument={instrument} startOpen={instruments.length === 1} />
      ))}
    </>
  );
}
