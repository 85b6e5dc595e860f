/** The member form's inputs in sections, shared by the create and the edit page. */
import { useEffect, type ReactNode } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BooleanInput, SelectInput, TextInput, useGetList, useRecordContext, useTranslate } from 'react-admin';
import type { InstrumentCategory, Member } from '../../dataProvider/types.ts';
import { INVOICE_METHODS, REQUIRED, type MemberFormMode } from './memberForm.ts';
import { DateInput } from '../dates/DateInput.tsx';
import { useConsentKindLabels } from '../consentKinds.ts';
import '../../i18n/app/members-pages-nb.ts';

// The picker (MUI X and date-fns) loads when a date field is reached for (DateInput).

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>{children}</Box>
    </Box>
  );
}

/** 'Ingen' is not a category: it is the select's empty choice, stored as 0. */
function useInstrumentChoices() {
  const { data = [], isPending } = useGetList<InstrumentCategory>('instrument-categories', {
    pagination: { page: 1, perPage: 100 },
  });
  const choices = data.filter((category) => category.use_member === 1).map((category) => ({ id: category.id, name: category.title }));
  return { choices, isPending };
}

/**
 * A select starts empty and is never typed in, so its 'Feltet må fylles ut' would wait for a
 * blur that may never come while the button stays disabled: show it once the form is begun.
 */
function useShowMissingOnceBegun(field: string) {
  const { isDirty } = useFormState();
  const { getValues, setValue } = useFormContext();
  useEffect(() => {
    if (isDirty) setValue(field, getValues(field), { shouldTouch: true, shouldValidate: true });
  }, [isDirty, field, getValues, setValue]);
}

function useInvoiceChoices() {
  const translate = useTranslate();
  const record = useRecordContext<Member>();
  const choices: { id: string; name: string }[] = INVOICE_METHODS.map((method) => ({
    id: method,
    name: translate(`app.member.invoice.${method}`),
  }));
  const existing = record?.invoice_method;
  if (existing && !INVOICE_METHODS.includes(existing as (typeof INVOICE_METHODS)[number])) {
    choices.push({ id: existing, name: existing });
  }
  return choices;
}

export function MemberInputs({ mode }: { mode: MemberFormMode }) {
  const translate = useTranslate();
  const required = new Set(REQUIRED[mode]);
  const instrumentChoices = useInstrumentChoices();
  const invoiceChoices = useInvoiceChoices();
  const invoiceMethod = useWatch({ name: 'invoice_method' });
  useShowMissingOnceBegun('invoice_method');
  const text = (field: string, props: Record<string, unknown> = {}) => <TextInput key={field} source={field} isRequired={required.has(field)} {...props} />;
  const genderChoices = [1, 2, 3].map((id) => ({ id, name: translate(`app.member.gender.${id}`) }));
  // The optional kinds' names as staff set them (the catalogue's until they are read).
  const kindLabels = useConsentKindLabels();

  return (
    <>
      <Section title="app.member.sections.personal">
        {text('first_name')}
        {text('last_name')}
        {text('email', { type: 'email' })}
        {text('phone', { type: 'tel' })}
        {text('address')}
        {text('postal_code', { slotProps: { htmlInput: { inputMode: 'numeric' } } })}
        {text('postal_area')}
        <DateInput source="birthdate" />
        <SelectInput source="gender" choices={genderChoices} isRequired={required.has('gender')} />
        {text('artist_name')}
        <SelectInput
          source="primary_instrument_type"
          choices={instrumentChoices.choices}
          isPending={instrumentChoices.isPending}
          emptyValue={0}
          emptyText="app.member.instrument_none"
        />
      </Section>
      <Section title="app.member.sections.invoicing">
        <SelectInput source="invoice_method" choices={invoiceChoices} isRequired />
        {invoiceMethod === 'EMAIL' && text('invoice_email', { type: 'email', isRequired: true })}
      </Section>
      <Section title="app.member.sections.newsletters">
        <BooleanInput source="newsletter_1" disabled helperText={false} />
        <BooleanInput source="newsletter_2" label={kindLabels.newsletter_2} helperText={false} />
        <BooleanInput source="newsletter_3" label={kindLabels.newsletter_3} helperText={false} />
      </Section>
      {mode === 'edit' && (
        <Section title="app.member.sections.membership">
          <DateInput source="membership_start_date" isRequired />
        </Section>
      )}
    </>
  );
}
