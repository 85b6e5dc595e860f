/** The e-mail template's edit modal, with a preview for a member and a test mail to oneself. */
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { email, Form, required, TextInput, useDataProvider, useTranslate, useUpdate, type HttpError } from 'react-admin';
import { AlignmentButtons, ClearButtons, FormatButtons, LinkButtons, ListButtons, RichTextInput, RichTextInputToolbar } from 'ra-input-rich-text';
import { useFormContext } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import type { EmailTemplate, StaffDataProvider, TemplatePreview } from '../../dataProvider/index.ts';
import { RULE_MESSAGES } from '../../../server/schemas/rules.ts';
import { DialogSaveActions } from '../forms/DialogSaveActions.tsx';
import { MemberReferenceInput, memberIdOf } from '../forms/MemberReferenceInput.tsx';
import { MailFrame } from '../layout/MailFrame.tsx';
import { PlaceholderButtons } from '../forms/PlaceholderButtons.tsx';
import { useNamedEditorOptions } from '../forms/useNamedEditorOptions.ts';
import { useToast } from '../toast.tsx';
import { fieldErrorsOf } from '../../dataProvider/errors.ts';
import '../../i18n/app/settings-pages-nb.ts';

/** The placeholders the server says the template may use; 'button' marks where the server puts the secret link. */
const placeholdersOf = (template: EmailTemplate) => template.placeholders ?? ['first_name', 'last_name'];
const BUTTON = 'button';

const requiredField = required(RULE_MESSAGES.required);
const emailField = [requiredField, email(RULE_MESSAGES.templateEmail)];
/** The spec: the modal closes 1 s after a save. */
const CLOSE_AFTER_SAVE_MS = 1000;

function PreviewButtons({ templateId, onPreview }: { templateId: number; onPreview: (preview: TemplatePreview | null) => void }) {
  const translate = useTranslate();
  const toast = useToast();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { getValues } = useFormContext();
  const memberId = () => memberIdOf(getValues('member_id'));
  async function preview() {
    const id = memberId();
    if (!id) return onPreview(null);
    try {
      onPreview(await dataProvider.templatePreview(templateId, id));
    } catch {
      toast.error('app.errors.generic_bang');
    }
  }
  const { mutate: sendTest, isPending: busy } = useMutation({
    mutationFn: () => dataProvider.sendTemplateTest(templateId, memberId()),
    onSuccess: (sent) => toast.success('app.settings.templates.test_sent', { to: sent.to }),
    onError: () => toast.error('app.errors.generic_bang'),
  });
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <Button variant="outlined" onClick={preview}>
        {translate('app.settings.templates.preview_show')}
      </Button>
      <Button variant="outlined" onClick={() => sendTest()} disabled={busy}>
        {translate('app.settings.templates.test_send')}
      </Button>
    </Box>
  );
}

function PreviewPanel({ templateId }: { templateId: number }) {
  const translate = useTranslate();
  const [preview, setPreview] = useState<TemplatePreview | null>(null);
  return (
    <Box component="section" aria-labelledby="template-preview-title">
      <Typography id="template-preview-title" variant="h6" component="h3" sx={{ mt: 1 }}>
        {translate('app.settings.templates.preview')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.settings.templates.preview_hint')}
      </Typography>
      <Form>
        <MemberReferenceInput label={translate('app.settings.templates.preview_member')} />
        <PreviewButtons templateId={templateId} onPreview={setPreview} />
      </Form>
      {preview && (
        <Box data-testid="template-preview" sx={{ mt: 2 }}>
          <Typography variant="subtitle2">{translate('app.settings.templates.preview_subject', { subject: preview.subject })}</Typography>
          <Box sx={{ mt: 1 }}>
            <MailFrame html={preview.html} title={translate('app.settings.templates.preview_frame')} />
          </Box>
        </Box>
      )}
    </Box>
  );
}

export function TemplateDialog({ template, onClose }: { template: EmailTemplate; onClose: () => void }) {
  const translate = useTranslate();
  const toast = useToast();
  // The saved template replaces the old one in react-admin's cached template list.
  const [update] = useUpdate<EmailTemplate>();
  const [saved, setSaved] = useState(false);
  const closing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const editorOptions = useNamedEditorOptions(translate('resources.email-templates.fields.content'));

  async function save(values: Record<string, unknown>) {
    const data = {
      title: String(values.title ?? ''),
      content: String(values.content ?? ''),
      from_name: String(values.from_name ?? ''),
      from_email: String(values.from_email ?? ''),
    };
    try {
      await update('email-templates', { id: template.id, data, previousData: template }, { returnPromise: true });
      toast.success('app.settings.templates.saved');
      setSaved(true);
      closing.current = setTimeout(onClose, CLOSE_AFTER_SAVE_MS);
      return undefined;
    } catch (error) {
      const failure = error as HttpError;
      toast.error('app.settings.templates.save_failed', { status: failure.status ?? 0 });
      // Field messages from the server go under their fields; what was typed stays.
      return fieldErrorsOf(error);
    }
  }

  const close = () => {
    if (closing.current) clearTimeout(closing.current);
    onClose();
  };

  return (
    <Dialog open onClose={close} aria-labelledby="template-edit-title" fullWidth maxWidth="md" scroll="body">
      <DialogTitle id="template-edit-title" sx={{ pr: 6 }}>
        {translate('app.settings.templates.edit_title', { id: template.id })}
        <IconButton aria-label={translate('app.close')} onClick={close} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <Form record={template} onSubmit={save} mode="onChange">
        <DialogContent sx={{ pt: 0 }}>
          {saved && (
            <Alert severity="success" sx={{ mb: 2 }}>
              {translate('app.settings.templates.saved')}
            </Alert>
          )}
          <TextInput source="title" validate={requiredField} fullWidth />
          {placeholdersOf(template).includes(BUTTON) && (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="template-button-hint">
              <Typography variant="subtitle2" component="p">
                {translate('app.settings.templates.button_hint_title')}
              </Typography>
              <Typography variant="body2" component="p">
                {translate('app.settings.templates.button_hint')}
              </Typography>
            </Alert>
          )}
          <RichTextInput
            source="content"
            validate={requiredField}
            fullWidth
            editorOptions={editorOptions}
            toolbar={
              <RichTextInputToolbar>
                <FormatButtons />
                <AlignmentButtons />
                <ListButtons />
                <LinkButtons />
                <ClearButtons />
                <PlaceholderButtons names={placeholdersOf(template)} />
              </RichTextInputToolbar>
            }
            sx={{ '& .ProseMirror': { minHeight: 500 } }}
          />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
            <TextInput source="from_name" validate={requiredField} sx={{ flex: '1 1 240px' }} />
            <TextInput source="from_email" validate={emailField} sx={{ flex: '1 1 240px' }} />
          </Box>
        </DialogContent>
        <DialogSaveActions onClose={close} sticky />
      </Form>
      <Divider />
      <DialogContent>
        <PreviewPanel templateId={template.id} />
      </DialogContent>
    </Dialog>
  );
}
