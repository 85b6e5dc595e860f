/**
 * The reject dialog every request queue uses (membership, travel, instruments): the reason in
 * the rich-text editor, prefilled from the kind's e-mail template filled in for the member on
 * the server, and whether to mail it. A failed reject keeps the dialog open with what was typed.
 */
import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { BooleanInput, Form, required, useDataProvider, useTranslate } from 'react-admin';
import { ClearButtons, FormatButtons, LinkButtons, ListButtons, RichTextInput, RichTextInputToolbar } from 'ra-input-rich-text';
import { useFormState } from 'react-hook-form';
import type { RejectKind, RejectValues, StaffDataProvider } from '../../dataProvider/index.ts';
import { useNamedEditorOptions } from '../forms/useNamedEditorOptions.ts';
import { RULE_MESSAGES } from '../../../server/schemas/rules.ts';
import '../../i18n/app/requests-pages-nb.ts';

export interface RejectDialogProps {
  open: boolean;
  kind: RejectKind;
  /** The member whose name fills in the template. */
  memberId: number;
  title: string;
  onClose: () => void;
  /** Rejects; a thrown error keeps the dialog open (the caller shows the toast). */
  onReject: (values: RejectValues) => Promise<void>;
}

const reasonRequired = required(RULE_MESSAGES.required);

/**
 * The editor's toolbar without the heading-level menu (its button's name does not match what it
 * shows, which screen-reader users hear as a different control), for a mail's body.
 */
const reasonToolbar = (
  <RichTextInputToolbar>
    <FormatButtons />
    <ListButtons />
    <LinkButtons />
    <ClearButtons />
  </RichTextInputToolbar>
);

function Actions({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  // The prefilled reason is already a valid one: 'Avvis' needs a valid form, not a changed one.
  const { isValid, isSubmitting } = useFormState();
  return (
    <DialogActions>
      <Button onClick={onClose} disabled={isSubmitting}>
        {translate('app.cancel')}
      </Button>
      <Button type="submit" variant="contained" color="error" disabled={!isValid || isSubmitting}>
        {translate('app.requests.reject')}
      </Button>
    </DialogActions>
  );
}

export function RejectDialog({ open, kind, memberId, title, onClose, onReject }: RejectDialogProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [prefill, setPrefill] = useState<string | null>(null);
  const reasonLabel = translate('app.requests.reason');
  const editorOptions = useNamedEditorOptions(reasonLabel);

  useEffect(() => {
    if (!open) return undefined;
    let current = true;
    setPrefill(null);
    dataProvider.rejectionText(kind, memberId).then(
      (html) => current && setPrefill(html),
      () => current && setPrefill(''),
    );
    return () => {
      current = false;
    };
  }, [open, kind, memberId, dataProvider]);

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="reject-title" fullWidth maxWidth="md">
      <DialogTitle id="reject-title">{title}</DialogTitle>
      {prefill === null ? (
        <DialogContent sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={translate('ra.page.loading')} />
        </DialogContent>
      ) : (
        <Form
          defaultValues={{ reason: prefill, send_email: true }}
          onSubmit={async (values: { reason?: unknown; send_email?: unknown }) => {
            try {
              await onReject({ reason: String(values.reason ?? ''), send_email: values.send_email !== false });
            } catch {
              // The caller has shown why; the dialog stays open with the text as typed.
            }
          }}
        >
          <DialogContent>
            <RichTextInput
              source="reason"
              label={reasonLabel}
              validate={reasonRequired}
              toolbar={reasonToolbar}
              editorOptions={editorOptions}
              fullWidth
              sx={{ '& .ProseMirror': { minHeight: 240 } }}
            />
            <BooleanInput source="send_email" label={translate('app.requests.send_email')} helperText={false} />
          </DialogContent>
          <Actions onClose={onClose} />
        </Form>
      )}
    </Dialog>
  );
}

export default RejectDialog;
