/**
 * The invoice list's filter bar: year, state, channel, age (the aging's buckets), campaign code,
 * 'Bare forfalte' and a search.
 * Plain fields on the list's filters, as the access log's (no react-admin filter form); the two
 * text fields follow 500 ms after the last keystroke, as the member search does.
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useListContext, useTranslate } from 'react-admin';
import { SEARCH_DEBOUNCE_MS } from '../lists/MemberSearch.tsx';
import { channelLabel, INVOICE_CHANNELS, INVOICE_STATES, stateLabel } from './InvoiceState.tsx';
import { AGING_BUCKETS, agingLabel } from './InvoiceAging.tsx';
import '../../i18n/app/payments-pages-nb.ts';

const FIELD = { variant: 'filled', size: 'small', helperText: ' ', fullWidth: false } as const;

/** This year's neighbours: next year (the renewal run invoices it before it starts) and five back. */
function yearChoices(now = new Date()): number[] {
  const year = now.getFullYear();
  return Array.from({ length: 7 }, (_, index) => year + 1 - index);
}

/** The list's filters and one way to set or drop one of them (react-admin drops a filter set to ''). */
function useFilter() {
  const { filterValues, setFilters } = useListContext();
  const latest = useRef({ filterValues, setFilters });
  latest.current = { filterValues, setFilters };
  const apply = (key: string, value: string) => {
    const { filterValues: values, setFilters: set } = latest.current;
    const { [key]: _previous, ...rest } = values;
    set(value ? { ...rest, [key]: value } : rest, {}, false);
  };
  return { filterValues: filterValues as Record<string, string | undefined>, apply };
}

/** A text filter that applies once the typing pauses. */
function TypedFilter({ id, source, label, search = false }: { id: string; source: string; label: string; search?: boolean }) {
  const translate = useTranslate();
  const { filterValues, apply } = useFilter();
  const current = filterValues[source] ?? '';
  const [text, setText] = useState(current);
  const applyLatest = useRef(apply);
  applyLatest.current = apply;
  useEffect(() => {
    if (text.trim() === current) return undefined;
    const timer = setTimeout(() => applyLatest.current(source, text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, current, source]);
  return (
    <TextField
      {...FIELD}
      id={id}
      type={search ? 'search' : 'text'}
      label={translate(label)}
      value={text}
      onChange={(event) => setText(event.target.value)}
      slotProps={
        search
          ? {
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
            }
          : undefined
      }
      sx={{ width: search ? { xs: '100%', sm: 300 } : { xs: 'calc(50% - 8px)', sm: 180 } }}
    />
  );
}

/** A choice among fixed values, with 'Alle' first. */
function ChoiceFilter({ id, source, label, choices }: { id: string; source: string; label: string; choices: { value: string; text: string }[] }) {
  const translate = useTranslate();
  const { filterValues, apply } = useFilter();
  return (
    <TextField
      {...FIELD}
      select
      id={id}
      label={translate(label)}
      value={filterValues[source] ?? ''}
      onChange={(event) => apply(source, event.target.value)}
      // Two a row on a phone, rather than one field a screen.
      sx={{ width: { xs: 'calc(50% - 8px)', sm: 170 } }}
    >
      <MenuItem value="">{translate('app.payments.filters.all')}</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.text}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function InvoiceFilters() {
  const translate = useTranslate();
  const { filterValues, apply } = useFilter();
  return (
    <Box
      component="form"
      role="search"
      aria-label={translate('app.payments.filters.label')}
      onSubmit={(event) => event.preventDefault()}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 1 }}
    >
      <TypedFilter id="invoice-search" source="q" label="app.payments.filters.search" search />
      <ChoiceFilter
        id="invoice-year"
        source="year"
        label="app.payments.filters.year"
        choices={yearChoices().map((year) => ({ value: String(year), text: String(year) }))}
      />
      <ChoiceFilter
        id="invoice-state"
        source="state"
        label="app.payments.filters.state"
        choices={INVOICE_STATES.map((state) => ({ value: state, text: translate(stateLabel(state)) }))}
      />
      <ChoiceFilter
        id="invoice-channel"
        source="channel"
        label="app.payments.filters.channel"
        choices={INVOICE_CHANNELS.map((channel) => ({ value: channel, text: translate(channelLabel(channel)) }))}
      />
      <ChoiceFilter
        id="invoice-age"
        source="age"
        label="app.payments.filters.age"
        choices={AGING_BUCKETS.map((bucket) => ({ value: bucket, text: translate(agingLabel(bucket)) }))}
      />
      <TypedFilter id="invoice-campaign" source="campaign" label="app.payments.filters.campaign" />
      <FormControlLabel
        sx={{ mt: 1 }}
        control={<Checkbox checked={filterValues.overdue === '1'} onChange={(event) => apply('overdue', event.target.checked ? '1' : '')} />}
        label={translate('app.payments.filters.overdue')}
      />
      <FormControlLabel
        sx={{ mt: 1 }}
        control={<Checkbox checked={filterValues.vipps_agreement === '1'} onChange={(event) => apply('vipps_agreement', event.target.checked ? '1' : '')} />}
        label={translate('app.payments.filters.vipps_agreement')}
      />
    </Box>
  );
}
