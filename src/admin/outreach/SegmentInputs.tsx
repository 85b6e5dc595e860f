/** The group form's fields: its name, then the filter in sections (create and edit share them). */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CheckboxGroupInput, regex, required, SelectInput, TextInput, useGetList, useTranslate } from 'react-admin';
import { RULE_MESSAGES } from '../../../server/schemas/rules.ts';
import { DateInput } from '../dates/DateInput.tsx';
import { formatYesNo, parseYesNo } from './segmentFilter.ts';
import '../../i18n/app/outreach-pages-nb.ts';

const fillIn = required(RULE_MESSAGES.fillIn);
const postalCode = regex(/^[0-9]{4}$/, 'app.outreach.postal_code_invalid');

const STATUS_CHOICES = ['active', 'applicant', 'lapsed'].map((id) => ({ id, name: `app.outreach.status.${id}` }));

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {translate(title)}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2 }}>{children}</Box>
    </Box>
  );
}

/** 'Uansett', then 'Har' / 'Har ikke' (or the consent's words): the filter key's true, false or nothing. */
function YesNoInput({ name, words = 'has' }: { name: string; words?: 'has' | 'consent' }) {
  return (
    <SelectInput
      source={`filter.${name}`}
      label={`app.outreach.fields.${name}`}
      emptyText="app.outreach.any"
      choices={[
        { id: 'yes', name: `app.outreach.yes.${words}` },
        { id: 'no', name: `app.outreach.no.${words}` },
      ]}
      format={formatYesNo}
      parse={parseYesNo}
    />
  );
}

function InstrumentInput() {
  const { data = [] } = useGetList<{ id: number; title: string }>('instrument-categories', { pagination: { page: 1, perPage: 1000 } });
  return (
    <SelectInput
      source="filter.primary_instrument_type"
      label="app.outreach.fields.primary_instrument_type"
      emptyText="app.outreach.any"
      choices={data}
      optionText="title"
      translateChoice={false}
      parse={(value: unknown) => (value === '' || value === null ? null : Number(value))}
    />
  );
}

export function SegmentInputs() {
  return (
    <>
      <TextInput source="name" label="app.outreach.fields.name" validate={fillIn} fullWidth />
      <Section title="app.outreach.sections.members">
        <TextInput source="filter.name" label="app.outreach.fields.search" />
        <CheckboxGroupInput source="filter.status" label="app.outreach.fields.status" choices={STATUS_CHOICES} />
      </Section>
      <Section title="app.outreach.sections.insurance">
        <YesNoInput name="has_instruments" />
        <YesNoInput name="has_travel" />
        <YesNoInput name="overdue" />
      </Section>
      <Section title="app.outreach.sections.place">
        <TextInput source="filter.postal_area" label="app.outreach.fields.postal_area" />
        <Box />
        <TextInput source="filter.postal_code_from" label="app.outreach.fields.postal_code_from" validate={postalCode} inputMode="numeric" />
        <TextInput source="filter.postal_code_to" label="app.outreach.fields.postal_code_to" validate={postalCode} inputMode="numeric" />
      </Section>
      <Section title="app.outreach.sections.more">
        <InstrumentInput />
        <TextInput source="filter.campaign_code" label="app.outreach.fields.campaign_code" />
        <DateInput source="filter.joined_from" label="app.outreach.fields.joined_from" />
        <DateInput source="filter.joined_to" label="app.outreach.fields.joined_to" />
      </Section>
      <Section title="app.outreach.sections.consent">
        <YesNoInput name="newsletter_2" words="consent" />
        <YesNoInput name="newsletter_3" words="consent" />
      </Section>
    </>
  );
}
