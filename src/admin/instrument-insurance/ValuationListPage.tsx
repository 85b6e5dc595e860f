/**
 * '/instrument-insurance/valuation' ('TAKST OG DOKUMENTASJON (n)'): the insured instruments by
 * their valuation (GET /api/instrument/list?filter[status]=1&filter[valuation]=…), those missing
 * or running out first, the earliest expiry first. A row opens the member's instrument page.
 */
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { DataTable, ListBase, useListContext, useTranslate } from 'react-admin';
import { LoadingContent } from '../layout/TitledScreens.tsx';
import { formatAmount } from '../../common/format.ts';
import type { InstrumentListItem } from '../../dataProvider/index.ts';
import { QueuePage } from '../lists/QueueList.tsx';
import { ListSpace } from '../lists/ListSpace.tsx';
import { ValuationChip } from './ValuationChip.tsx';

const Column = DataTable.Col<InstrumentListItem>;

/** The choices of the filter, each the states it lists. */
export const VALUATION_CHOICES = [
  { id: 'attention', states: 'missing,expiring,expired' },
  { id: 'missing', states: 'missing' },
  { id: 'expiring', states: 'expiring' },
  { id: 'expired', states: 'expired' },
  { id: 'ok', states: 'ok' },
] as const;

export const memberInstrumentsPath = (memberId: number) => `/membership/edit/instrument-insurance/${memberId}`;

function ValuationFilter() {
  const translate = useTranslate();
  const id = useId();
  const { filterValues, setFilters } = useListContext();
  const chosen = VALUATION_CHOICES.find((choice) => choice.states === filterValues.valuation) ?? VALUATION_CHOICES[0];
  return (
    <FormControl size="small" sx={{ minWidth: 240 }}>
      <InputLabel variant="standard" htmlFor={id}>
        {translate('app.valuation.list.filter')}
      </InputLabel>
      <NativeSelect
        inputProps={{ id }}
        value={chosen.id}
        onChange={(event) => {
          const choice = VALUATION_CHOICES.find((candidate) => candidate.id === event.target.value) ?? VALUATION_CHOICES[0];
          setFilters({ ...filterValues, valuation: choice.states }, {});
        }}
      >
        {VALUATION_CHOICES.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {translate(`app.valuation.list.choices.${choice.id}`)}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}

function Heading() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { total } = useListContext();
  const title = translate('app.valuation.list.title');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, my: 2 }}>
      <Typography variant="h5" component="h1">
        {total === undefined ? title : `${title} (${total})`}
      </Typography>
      <Button variant="outlined" startIcon={<ArrowBack />} onClick={() => navigate('/instrument-insurance')}>
        {translate('app.back')}
      </Button>
      <Typography color="text.secondary" sx={{ width: '100%' }}>
        {translate('app.valuation.list.intro')}
      </Typography>
      <ValuationFilter />
    </Box>
  );
}

function ValuationTable() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { error } = useListContext();
  if (error) return <Alert severity="error">{translate('app.errors.generic')}</Alert>;
  return (
    <Paper sx={{ overflowX: 'auto' }}>
      <DataTable<InstrumentListItem>
        rowClick={(_id, _resource, row) => {
          navigate(memberInstrumentsPath(row.member_id));
          return false;
        }}
        bulkActionButtons={false}
        empty={<Typography sx={{ p: 3 }}>{translate('app.valuation.list.empty')}</Typography>}
      >
        <Column
          source="member"
          label="app.valuation.list.columns.member"
          disableSort
          render={(row) => `${row.member.first_name} ${row.member.last_name}${row.member.remote_id ? ` (${row.member.remote_id})` : ''}`}
        />
        <Column source="make" label="app.valuation.list.columns.instrument" render={(row) => `${row.category}: ${row.make} ${row.model}`} />
        <Column source="value" label="app.valuation.list.columns.value" render={(row) => `${formatAmount(row.value)},-`} />
        <Column source="expires_on" label="app.valuation.list.columns.valuation" render={(row) => <ValuationChip valuation={row.valuation} showOk />} />
      </DataTable>
    </Paper>
  );
}

export default function ValuationListPage() {
  const translate = useTranslate();
  return (
    <ListBase<InstrumentListItem>
      resource="instrument-valuation"
      authLoading={<LoadingContent />}
      perPage={25}
      sort={{ field: 'expires_on', order: 'ASC' }}
      filter={{ status: 1 }}
      filterDefaultValues={{ valuation: VALUATION_CHOICES[0].states }}
      disableSyncWithLocation
      offline={false}
    >
      <QueuePage title={translate('app.valuation.list.title')}>
        <Heading />
        <ListSpace>
          <ValuationTable />
        </ListSpace>
      </QueuePage>
    </ListBase>
  );
}
