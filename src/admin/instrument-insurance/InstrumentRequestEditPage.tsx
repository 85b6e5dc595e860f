/** '/instrument-insurance/edit/{memberId}' ('REDIGERE INSTRUMENT FORSIKRING'): the member's new, waiting instruments in the editable table. */
import { useParams } from 'react-router-dom';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Title, useGetOne, useTranslate } from 'react-admin';
import type { Member } from '../../dataProvider/index.ts';
import { MemberHeader } from '../layout/MemberHeader.tsx';
import { InstrumentRowsTable } from './InstrumentRowsTable.tsx';
import { useInstrumentSaves } from './useInstrumentSaves.ts';
import { useMemberInstruments } from './useMemberInstruments.ts';

export default function InstrumentRequestEditPage() {
  const id = Number(useParams().id);
  const translate = useTranslate();
  const { data: member } = useGetOne<Member>('membership', { id });
  const { categories, requestedRows, refresh } = useMemberInstruments(id);
  const { saveNew, saveChanges } = useInstrumentSaves(id, refresh);
  const title = translate('app.instruments.edit_title');
  return (
    <>
      <Title title={title} />
      <MemberHeader member={member} backTo={`/instrument-insurance/list/${id}`} />
      <Paper component="section" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{title}</Typography>
        <InstrumentRowsTable
          rows={requestedRows}
          categories={categories}
          newStatus={0}
          onSaveNew={saveNew}
          onSaveChanges={saveChanges}
          empty={<Typography color="text.secondary">{translate('app.instruments.requested_empty')}</Typography>}
        />
      </Paper>
    </>
  );
}
