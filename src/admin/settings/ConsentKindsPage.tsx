/**
 * '/settings/consent-kinds' ('Meldingstyper'): the names of the two optional kinds of message
 * members say yes or no to, in bokmål and English. Sends and the unsubscribe page show these
 * names; 'Nødvendig informasjon' is always on and has no name to set.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useFormState, type FieldValues } from 'react-hook-form';
import { Form, TextInput, maxLength, required, useDataProvider, useTranslate } from 'react-admin';
import type { ConsentKind, ConsentKindsBody, StaffDataProvider } from '../../dataProvider/index.ts';
import { fieldErrorsOf } from '../../dataProvider/errors.ts';
import { useToast } from '../toast.tsx';
import { PageTitle } from './PageTitle.tsx';
import { CONSENT_KINDS_KEY } from '../consentKinds.ts';
import '../../i18n/app/settings-pages-nb.ts';

/** As the server checks it (domain/outreach/consent-kinds.ts). */
const NAME_MAX = 80;
const validateName = [required(), maxLength(NAME_MAX)];

function SaveButton() {
  const translate = useTranslate();
  const { isDirty, isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
      {translate('app.settings.consent_kinds.save')}
    </Button>
  );
}

function KindsForm({ kinds }: { kinds: ConsentKind[] }) {
  const translate = useTranslate();
  const toast = useToast();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: ConsentKindsBody) => dataProvider.saveConsentKinds(body),
    onSuccess: (saved) => queryClient.setQueryData(CONSENT_KINDS_KEY, saved),
  });

  async function submit(values: FieldValues) {
    const body = values as ConsentKindsBody;
    try {
      await save.mutateAsync({
        newsletter_2: { label_nb: body.newsletter_2.label_nb, label_en: body.newsletter_2.label_en },
        newsletter_3: { label_nb: body.newsletter_3.label_nb, label_en: body.newsletter_3.label_en },
      });
      toast.success('app.settings.consent_kinds.saved');
      return undefined;
    } catch (error) {
      // A refused name says why under its field; anything else in a toast.
      const fields = fieldErrorsOf(error);
      if (!fields) toast.error((error as Error).message || 'app.errors.generic');
      return fields;
    }
  }

  return (
    <Form
      key={kinds.map((kind) => `${kind.label_nb}|${kind.label_en}`).join()}
      defaultValues={Object.fromEntries(kinds.map((kind) => [kind.kind, { label_nb: kind.label_nb, label_en: kind.label_en }]))}
      onSubmit={submit}
      mode="onChange"
      disableInvalidFormNotification
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {kinds.map((kind) => (
          <Paper key={kind.kind} variant="outlined" component="section" aria-labelledby={`consent-kind-${kind.kind}`} sx={{ p: 2 }}>
            <Typography id={`consent-kind-${kind.kind}`} variant="h6" component="h2" gutterBottom>
              {translate(`app.settings.consent_kinds.${kind.kind}`)}
            </Typography>
            <TextInput source={`${kind.kind}.label_nb`} label="app.settings.consent_kinds.label_nb" validate={validateName} fullWidth />
            <TextInput source={`${kind.kind}.label_en`} label="app.settings.consent_kinds.label_en" validate={validateName} fullWidth />
          </Paper>
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <SaveButton />
      </Box>
    </Form>
  );
}

export function ConsentKindsPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const kinds = useQuery({ queryKey: CONSENT_KINDS_KEY, queryFn: () => dataProvider.consentKinds() });
  return (
    <>
      <PageTitle label="app.settings.consent_kinds.title" />
      <Typography sx={{ mb: 2 }}>{translate('app.settings.consent_kinds.intro')}</Typography>
      {kinds.error && <Alert severity="error">{(kinds.error as Error).message || translate('app.errors.generic')}</Alert>}
      {!kinds.error && (kinds.data ? <KindsForm kinds={kinds.data} /> : <Typography>{translate('app.loading')}</Typography>)}
    </>
  );
}

export default ConsentKindsPage;
