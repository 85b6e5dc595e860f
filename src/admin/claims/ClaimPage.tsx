/**
 * '/claims/{id}': one claim — what happened, the member, the instrument and the cover as the
 * register said when it was made, its documents as thumbnails that download, the packet, and on
 * the side the state change ('Endre status', with the note the member sees) and the history.
 */
import { useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useGetOne, useTranslate } from 'react-admin';
import type { Claim } from '../../dataProvider/index.ts';
import { LoadFailed, PageHeader } from '../layout/PageHeader.tsx';
import { DocumentGrid } from '../documents/DocumentGrid.tsx';
import { ClaimEvents } from './ClaimEvents.tsx';
import { ClaimCard, ClaimFacts } from './ClaimFacts.tsx';
import { ClaimPacket } from './ClaimPacket.tsx';
import { ClaimStateForm } from './ClaimStateForm.tsx';
import { ClaimStateChip, instrumentName } from './claimText.tsx';
import '../../i18n/app/claims-pages-nb.ts';
import '../../i18n/app/documents-pages-nb.ts';

/** The queue, where the page's back button leads. */
const LIST = '/claims';

function ClaimView({ claim }: { claim: Claim }) {
  const translate = useTranslate();
  const events = translate('app.claims.sections.events');
  return (
    <>
      <PageHeader back={LIST} title={translate('app.claims.heading', { id: claim.id })}>
        <ClaimStateChip state={claim.state} outcome={claim.outcome} />
      </PageHeader>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, gap: 2, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <ClaimFacts claim={claim} />
          <ClaimCard title={translate('app.claims.sections.documents', { count: claim.documents.length })}>
            <DocumentGrid
              documents={claim.documents}
              label={translate('app.documents.list_label', { instrument: instrumentName(claim.snapshot.instrument) })}
              empty={translate('app.claims.no_documents')}
            />
          </ClaimCard>
        </Box>
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <ClaimCard title={translate('app.claims.sections.change')}>
            <ClaimStateForm claim={claim} />
          </ClaimCard>
          <ClaimCard title={translate('app.claims.sections.packet')}>
            <ClaimPacket claimId={claim.id} />
          </ClaimCard>
          <ClaimCard title={events}>
            <ClaimEvents events={claim.events} label={events} />
          </ClaimCard>
        </Box>
      </Box>
    </>
  );
}

export default function ClaimPage() {
  const translate = useTranslate();
  const id = Number(useParams().id);
  const { data, error, isPending } = useGetOne<Claim>('claims', { id }, { enabled: id > 0, retry: false });
  if (id > 0 && isPending) return <LinearProgress aria-label={translate('app.loading')} sx={{ mt: 2 }} />;
  if (error || !data)
    return <LoadFailed error={error ?? { status: 404 }} back={LIST} notFound="app.claims.not_found" notFoundText="app.claims.not_found_text" />;
  return <ClaimView claim={data} />;
}
