/** The member form's inputs in sections, shared by the create and the edit page. */
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import type { InstrumentCategory, Member } from '../../dataProvider/types.ts';
import { DateField, SelectField, SwitchField, TextField } from '../inputs/index.ts';
import { INVOICE_METHODS, REQUIRED, type MemberFormMode } from './memberForm.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>{translate(title)}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>{children}</Box>
    </Box>
  );
}

function useInstrumentChoices() {
  const translate = useTranslate();
  const { data = [] } = useGetList<InstrumentCategory>('instrument-categories', {
    pagination: { page: 1, perPage: 100 },
  });
  return [
    { id: 0, name: translate('app.member.instrument_none') },
    ...data.filter((category) => category.use_member === 1).map((category) => ({ id: category.id, name: category.title })),
  ];
}

function useInvoiceChoices() {
  const translate = useTranslate();
  const record = useRecordContext<Member>();
  const choices: { id: string; name: string }[] = INVOICE_METHODS.map((method) => ({
    id: method, name: translate(`app.member.invoice.${method}`),
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
  const label = (field: string) => `app.member.fields.${field}`;
  const text = (field: string, props: Record<string, unknown> = {}) => (
    <TextField key={field} source={field} label={label(field)} isRequired={required.has(field)} {...props} />
  );
  const genderChoices = [1, 2, 3].map((id) => ({ id, name: translate(`app.member.gender.${id}`) }));

  return (
    <>
      <Section title="app.member.sections.personal">
        {text('first_name')}
        {text('last_name')}
        {text('email', { type: 'email' })}
        {text('phone', { type: 'tel' })}
        {text('address')}
        {text('postal_code', { inputMode: 'numeric' })}
        {text('postal_area')}
        <DateField source="birthdate" label={label('birthdate')} />
        <SelectField source="gender" label={label('gender')} choices={genderChoices} isRequired={required.has('gender')} />
        {text('artist_name')}
        <SelectField source="primary_instrument_type" label={label('primary_instrument_type')} choices={instrumentChoices} />
      </Section>
      <Section title="app.member.sections.invoicing">
        <SelectField source="invoice_method" label={label('invoice_method')} choices={invoiceChoices} isRequired={required.has('invoice_method')} />
        {invoiceMethod === 'EMAIL' && text('invoice_email', { type: 'email', isRequired: true })}
      </Section>
      <Section title="app.member.sections.newsletters">
        <SwitchField source="newsletter_1" label={label('newsletter_1')} disabled />
        <SwitchField source="newsletter_2" label={label('newsletter_2')} />
        <SwitchField source="newsletter_3" label={label('newsletter_3')} />
      </Section>
      {mode === 'edit' && (
        <Section title="app.member.sections.membership">
          <DateField source="membership_start_date" label={label('membership_start_date')} isRequired />
        </Section>
      )}
    </>
  );
}
