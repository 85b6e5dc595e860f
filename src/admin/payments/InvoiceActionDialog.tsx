/**
 * The frame of an invoice's dialogs ('Registrer innbetaling', 'Krediter'): title, a line of
 * context, react-admin's form with the dialog's inputs, and 'Avbryt' with the action. On success
 * a toast and the dialog closes; a refused field comes back to the form (shown under the field,
 * with everything typed kept); any other failure is the server's message in a toast that stays.
 * Unlike the settings dialogs' 'Lagre', the action stays enabled: pressing it with a wrong field
 * says what is wrong under the field.
 */
import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useFormState, type FieldValues, type Resolver } from 'react-hook-form';
import { Form, useTranslate } from 'react-admin';
import { fieldErrorsOf } from '../../dataProvider/errors.ts';
import { useToast } from '../toast.tsx';

/**
 * The form's record: without one, react-admin's form would take the invoice page's record and
 * start again from it (losing what was typed) whenever the invoice in the cache changes.
 */
const NO_RECORD = Object.freeze({});

function Actions({ onClose, submit }: { onClose: () => void; submit: string }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <DialogActions>
      <Button onClick={onClose} disabled={isSubmitting}>
        {translate('app.cancel')}
      </Button>
      <Button type="submit" variant="contained" disabled={isSubmitting}>
        {translate(submit)}
      </Button>
    </DialogActions>
  );
}

export function InvoiceActionDialog({
  id,
  open,
  onClose,
  title,
  text,
  resolver,
  defaultValues,
  submit,
  done,
  call,
  children,
}: {
  /** Names the title and the text for the dialog's aria attributes. */
  id: string;
  open: boolean;
  onClose: () => void;
  title: string;
  text: string;
  resolver: Resolver<FieldValues>;
  defaultValues: FieldValues;
  /** Catalogue keys of the action's button and of the toast once it is done. */
  submit: string;
  done: string;
  call: (values: FieldValues) => Promise<unknown>;
  children: ReactNode;
}) {
  const toast = useToast();
  const save = async (values: FieldValues): Promise<Record<string, string> | undefined> => {
    try {
      await call(values);
      toast.success(done);
      onClose();
      return undefined;
    } catch (error) {
      const errors = fieldErrorsOf(error);
      if (!errors) toast.error((error as Error).message || 'app.errors.generic');
      return errors;
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} fullWidth maxWidth="sm">
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <Form
        resolver={resolver}
        record={NO_RECORD}
        // What is wrong shows under its field, and the keyboard is taken there; react-admin's
        // 'Skjemaet er ikke gyldig' toast would stay until dismissed and hold back the next one.
        disableInvalidFormNotification
        defaultValues={defaultValues}
        onSubmit={save}
        noValidate
      >
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText id={`${id}-text`} sx={{ mb: 2 }}>
            {text}
          </DialogContentText>
          {children}
        </DialogContent>
        <Actions onClose={onClose} submit={submit} />
      </Form>
    </Dialog>
  );
}
