/**
 * 'Endre status': the claim's new state, for 'Avgjort' the outcome, and 'Melding til medlemmet',
 * the note the member sees on Min side and gets by e-mail (PATCH /api/claim/{id}), offering the
 * moves the server allows from the claim's state (none from 'Trukket'). Only staff with
 * 'requests.decide' get the form; the others are told which right it takes. A refusal is shown in
 * the server's words, and what was chosen and written stays.
 */
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Form, RadioButtonGroupInput, TextInput, useTranslate, useUpdate } from 'react-admin';
import type { Claim, ClaimOutcome, ClaimPatch, ClaimTarget } from '../../dataProvider/index.ts';
import { fieldErrorsOf } from '../../dataProvider/errors.ts';
import { useCan } from '../access/rights.ts';
import { useReadAgain } from '../readAgain.ts';
import { useToast } from '../toast.tsx';
import { CLAIM_OUTCOMES, STAFF_MOVES } from './claimText.tsx';
import '../../i18n/app/claims-pages-nb.ts';

interface ChangeValues {
  state: ClaimTarget | null;
  outcome: ClaimOutcome | null;
  note: string | null;
}

/** What the form sends: the outcome only for 'Avgjort', the note only when one was written. */
export function claimPatch(values: ChangeValues & { state: ClaimTarget }): ClaimPatch {
  const note = values.note?.trim();
  return {
    state: values.state,
    ...(values.state === 'decided' && values.outcome ? { outcome: values.outcome } : {}),
    ...(note ? { note } : {}),
  };
}

function OutcomeInput() {
  const state = useWatch({ name: 'state' }) as ClaimTarget | null;
  if (state !== 'decided') return null;
  return (
    <RadioButtonGroupInput
      source="outcome"
      label="app.claims.change.outcome"
      choices={CLAIM_OUTCOMES.map((outcome) => ({ id: outcome, name: `app.claims.outcome.${outcome}` }))}
      helperText={false}
    />
  );
}

function SubmitButton({ busy }: { busy: boolean }) {
  const translate = useTranslate();
  return (
    <Button type="submit" variant="contained" disabled={busy}>
      {translate('app.claims.change.submit')}
    </Button>
  );
}

export function ClaimStateForm({ claim }: { claim: Claim }) {
  const translate = useTranslate();
  const toast = useToast();
  const readAgain = useReadAgain();
  const decides = useCan('requests.decide');
  const [refusal, setRefusal] = useState<string | null>(null);
  // react-admin puts the answer in the claim's own cache; the queue and the menu badge count the
  // claims waiting, so those are read again.
  const [update, { isPending }] = useUpdate<Claim>('claims', undefined, {
    mutationMode: 'pessimistic',
    onSuccess: () => readAgain(),
  });

  if (!decides) {
    return <Typography color="text.secondary">{translate('app.claims.change.no_right', { right: translate('app.access.rights.requests.decide') })}</Typography>;
  }
  const moves = STAFF_MOVES[claim.state];
  const start = (moves as readonly string[]).includes(claim.state) ? claim.state : null;
  if (moves.length === 0) return <Typography color="text.secondary">{translate('app.claims.change.closed')}</Typography>;

  const validate = (values: Record<string, unknown>) => {
    const { state, outcome } = values as unknown as ChangeValues;
    const errors: Record<string, string> = {};
    if (!state) errors.state = translate('app.claims.change.state_required');
    if (state === 'decided' && !outcome) errors.outcome = translate('app.claims.change.outcome_required');
    return errors;
  };

  const submit = async (values: Record<string, unknown>) => {
    setRefusal(null);
    try {
      const data = claimPatch(values as unknown as ChangeValues & { state: ClaimTarget });
      await update('claims', { id: claim.id, data, previousData: claim }, { returnPromise: true });
      toast.success('app.claims.change.saved');
      return undefined;
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (!fields) setRefusal((error as Error).message || translate('app.errors.generic'));
      return fields;
    }
  };

  return (
    // A new form once the claim changed: its state as it is now when it may stay so (a note alone), else none chosen.
    <Form key={claim.updated_at} record={{ state: start, outcome: start === 'decided' ? claim.outcome : null, note: '' }} onSubmit={submit} validate={validate}>
      <RadioButtonGroupInput
        source="state"
        label="app.claims.change.state"
        choices={moves.map((state) => ({ id: state, name: `app.claims.state.${state}` }))}
      />
      <OutcomeInput />
      <TextInput source="note" label="app.claims.change.note" helperText="app.claims.change.note_help" multiline minRows={3} fullWidth variant="filled" />
      {refusal && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {refusal}
        </Alert>
      )}
      <SubmitButton busy={isPending} />
    </Form>
  );
}
