/**
 * '/instrument-insurance/edit/{memberId}' ('REDIGERE INSTRUMENT FORSIKRING'): the member's new,
 * waiting instruments in the editable table, and below them the changes the member asked for on
 * insured instruments (old → new), which wait as well and are accepted or rejected in the list.
 * 'Ingen instrumenter venter på behandling.' only when neither kind waits.
 */
import { useParams } from 'react-router-dom';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Title, useGetOne, useTranslate } from 'react-admin';
import type { Member } from '../../dataProvider/index.ts';
import { MemberHeader } from '../layout/MemberHeader.tsx';
import { InstrumentRowsTable } from './InstrumentRowsTable.tsx';
import { InstrumentReadTable } from './InstrumentReadTable.tsx';
import { useInstrumentSaves } from './useInstrumentSaves.ts';
import { useMemberInstruments } from './useMemberInstruments.ts';
import '../../i18n/app/instruments-pages-nb.ts';
import '../../i18n/app/requests-pages-nb.ts';

export default function InstrumentRequestEditPage() {
  const id = Number(useParams().id);
  const translate = useTranslate();
  const { data: member } = useGetOne<Member>('membership', { id });
  const { data, error, categories, requestedRows, refresh } = useMemberInstruments(id);
  const { saveNew, saveChanges } = useInstrumentSaves(id, refresh);
  const title = translate('app.instruments.edit_title');
  const changes = (data?.requested ?? []).filter((instrument) => instrument.state === 'active');
  const changesTitle = translate('app.staff_review.pending_changes', { count: changes.length });
  const nothingWaits = data !== undefined && requestedRows.length === 0 && changes.length === 0;
  return (
    <>
      <Title title={title} />
      <MemberHeader member={member} backTo={`/instrument-insurance/list/${id}`} />
      <Paper component="section" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {/* The table and its buttons come with the instruments, so the buttons do not move down as the rows arrive (layout shift). */}
        {(data !== undefined || error) && (
          <InstrumentRowsTable
            rows={requestedRows}
            categories={categories}
            newStatus={0}
            onSaveNew={saveNew}
            onSaveChanges={saveChanges}
            empty={nothingWaits ? <Typography color="text.secondary">{translate('app.instruments.requested_empty')}</Typography> : null}
          />
        )}
      </Paper>
      {changes.length > 0 && (
        <Paper component="section" sx={{ p: 2, mt: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {changesTitle}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {translate('app.staff_review.pending_changes_text')}
          </Typography>
          <InstrumentReadTable
            instruments={changes}
            categories={categories}
            label={changesTitle}
            empty=""
            extra={[
              {
                label: 'app.instruments.columns.status',
                render: (instrument) => translate(instrument.requested_change?.delete ? 'app.instruments.pending_delete' : 'app.instruments.pending'),
              },
            ]}
          />
        </Paper>
      )}
    </>
  );
}
