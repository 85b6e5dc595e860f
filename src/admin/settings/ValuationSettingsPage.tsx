/**
 * '/settings/valuation' ('Takst og dokumentasjon'): above which value an instrument needs an
 * appraisal and how long one holds, above which a receipt or an appraisal, and how many days
 * before an appraisal runs out and before the renewal the members are reminded. The limits and
 * messages are the server's (server/schemas/valuation-rules.ts); it checks them again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useFormState, type FieldValues } from 'react-hook-form';
import { Form, TextInput, useDataProvider, useTranslate } from 'react-admin';
import type { StaffDataProvider, ValuationSettings } from '../../dataProvider/index.ts';
import { fieldErrorsOf } from '../../dataProvider/errors.ts';
import { VALUATION_FIELDS, valuationSettingsErrors, type ValuationField } from '../../../server/schemas/valuation-rules.ts';
import { useToast } from '../toast.tsx';
import { PageTitle } from './PageTitle.tsx';

const SETTINGS_KEY = ['valuation-settings'] as const;

const GROUPS: { title: string; fields: ValuationField[] }[] = [
  { title: 'app.valuation.settings.rules', fields: ['appraisal_above', 'appraisal_years', 'receipt_above'] },
  { title: 'app.valuation.settings.reminders', fields: ['reminder_days', 'renewal_reminder_days'] },
];

/** What was typed as a whole number (spaces between thousands allowed), or NaN. */
const whole = (text: unknown): number => {
  const digits = String(text ?? '').replace(/[\s\u00a0]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
};
const parsed = (values: FieldValues) => Object.fromEntries(VALUATION_FIELDS.map((field) => [field, whole(values[field])])) as Record<ValuationField, number>;

/** Every field's message, the server's rules in its words. */
const validate = (values: FieldValues) =>
  Object.fromEntries(Object.entries(valuationSettingsErrors(parsed(values))).map(([field, messages]) => [field, messages![0]]));

function SaveButton() {
  const translate = useTranslate();
  const { isDirty, isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
      {translate('app.valuation.settings.save')}
    </Button>
  );
}

function SettingsForm({ settings }: { settings: ValuationSettings }) {
  const translate = useTranslate();
  const toast = useToast();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: ValuationSettings) => dataProvider.saveValuationSettings(body),
    onSuccess: (saved) => queryClient.setQueryData(SETTINGS_KEY, saved),
  });

  async function submit(values: FieldValues) {
    try {
      await save.mutateAsync(parsed(values));
      toast.success('app.valuation.settings.saved');
      return undefined;
    } catch (error) {
      // A refused value says why under its field; anything else in a toast.
      const fields = fieldErrorsOf(error);
      if (!fields) toast.error((error as Error).message || 'app.errors.generic');
      return fields;
    }
  }

  return (
    <Form
      key={VALUATION_FIELDS.map((field) => settings[field]).join()}
      defaultValues={Object.fromEntries(VALUATION_FIELDS.map((field) => [field, String(settings[field])]))}
      onSubmit={submit}
      validate={validate}
      mode="onChange"
      disableInvalidFormNotification
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {GROUPS.map((group) => (
          <Paper key={group.title} variant="outlined" component="section" aria-labelledby={`valuation-${group.fields[0]}`} sx={{ p: 2 }}>
            <Typography id={`valuation-${group.fields[0]}`} variant="h6" component="h2" gutterBottom>
              {translate(group.title)}
            </Typography>
            {group.fields.map((field) => (
              <TextInput
                key={field}
                source={field}
                label={`app.valuation.settings.${field}`}
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
              />
            ))}
          </Paper>
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <SaveButton />
      </Box>
    </Form>
  );
}

export function ValuationSettingsPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => dataProvider.valuationSettings() });
  return (
    <>
      <PageTitle label="app.valuation.settings.title" />
      <Typography sx={{ mb: 2 }}>{translate('app.valuation.settings.intro')}</Typography>
      {settings.error && <Alert severity="error">{(settings.error as Error).message || translate('app.errors.generic')}</Alert>}
      {!settings.error && (settings.data ? <SettingsForm settings={settings.data} /> : <Typography>{translate('app.loading')}</Typography>)}
    </>
  );
}

export default ValuationSettingsPage;
