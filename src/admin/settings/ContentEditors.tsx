/**
 * The rich-text parts of '/settings/content': a content page's editor and a discount code's
 * dialog, loaded apart from the page so its first load leaves out the editor (tiptap).
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useReadAgain } from '../readAgain.ts';
import { BooleanInput, Form, NumberInput, required, TextInput, useCreate, useTranslate, useUpdate } from 'react-admin';
import { ClearButtons, FormatButtons, LinkButtons, ListButtons, RichTextInput, RichTextInputToolbar } from 'ra-input-rich-text';
import { useFormState } from 'react-hook-form';
import type { AdminContentPage, AdminDiscountCode } from '../../dataProvider/index.ts';
import { RULE_MESSAGES } from '../../../server/schemas/rules.ts';
import { useToast } from '../toast.tsx';
import { fieldErrorsOf } from '../../dataProvider/errors.ts';
import '../../i18n/app/settings-pages-nb.ts';

const requiredField = required(RULE_MESSAGES.required);

/** The editor's toolbar without the heading-level menu, whose aria-controls names a menu not in the page until opened. */
const toolbar = (
  <RichTextInputToolbar>
    <FormatButtons />
    <ListButtons />
    <LinkButtons />
    <ClearButtons />
  </RichTextInputToolbar>
);

function SaveButton() {
  const translate = useTranslate();
  const { isDirty, isValid, isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={!isDirty || !isValid || isSubmitting}>
      {translate('app.save')}
    </Button>
  );
}

export function PageEditor({ page }: { page: AdminContentPage }) {
  const translate = useTranslate();
  const toast = useToast();
  // The saved page replaces the old one in react-admin's cached page list.
  const [update] = useUpdate<AdminContentPage>();
  async function save(values: Partial<AdminContentPage>) {
    try {
      await update(
        'content-pages',
        {
          id: page.id,
          data: { title: values.title, content: values.content },
          previousData: page,
        },
        { returnPromise: true },
      );
      toast.success('app.settings.content.saved');
      return undefined;
    } catch (error) {
      toast.error('app.errors.generic_bang');
      return fieldErrorsOf(error);
    }
  }
  return (
    <Form record={page} onSubmit={save}>
      <TextInput source="title" label={translate('resources.content-pages.fields.title')} validate={requiredField} fullWidth />
      <RichTextInput
        source="content"
        label={translate('resources.content-pages.fields.content')}
        validate={requiredField}
        fullWidth
        toolbar={toolbar}
        sx={{ '& .ProseMirror': { minHeight: 240 } }}
      />
      <SaveButton />
    </Form>
  );
}

export function CodeDialog({ code, onClose }: { code: AdminDiscountCode | null; onClose: () => void }) {
  const translate = useTranslate();
  const toast = useToast();
  const readAgain = useReadAgain();
  const [create] = useCreate<AdminDiscountCode>();
  const [update] = useUpdate<AdminDiscountCode>();
  async function save(values: Partial<AdminDiscountCode>) {
    const data = { code: values.code, description: values.description, sort_order: Number(values.sort_order ?? 0), active: values.active !== false };
    try {
      if (code) {
        // react-admin puts an edited code back in its place, but the list is ordered by sort_order,
        // which the edit may have changed: read it again so the code moves to its new place.
        await update(
          'discount-codes',
          { id: code.id, data, previousData: code },
          {
            returnPromise: true,
            onSuccess: () => readAgain(),
          },
        );
      } else {
        await create('discount-codes', { data }, { returnPromise: true });
      }
      toast.success('app.settings.content.saved');
      onClose();
      return undefined;
    } catch (error) {
      toast.error('app.errors.generic_bang');
      return fieldErrorsOf(error);
    }
  }
  return (
    <Dialog open onClose={onClose} aria-labelledby="code-title" fullWidth maxWidth="md">
      <DialogTitle id="code-title">{translate(code ? 'app.settings.content.edit_code' : 'app.settings.content.add_code')}</DialogTitle>
      <Form record={code ?? { sort_order: 0, active: true }} onSubmit={save}>
        <DialogContent sx={{ pt: 0 }}>
          <TextInput source="code" label={translate('resources.discount-codes.fields.code')} validate={requiredField} fullWidth />
          <RichTextInput
            source="description"
            label={translate('resources.discount-codes.fields.description')}
            validate={requiredField}
            fullWidth
            toolbar={toolbar}
            sx={{ '& .ProseMirror': { minHeight: 160 } }}
          />
          <NumberInput source="sort_order" label={translate('resources.discount-codes.fields.sort_order')} min={0} />
          <BooleanInput source="active" label={translate('resources.discount-codes.fields.active')} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('app.cancel')}</Button>
          <SaveButton />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
