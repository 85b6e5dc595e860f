/**
 * '/settings/content' (only without a WordPress site): the content pages Min side and the
 * sign-up show, and the discount codes members see, in sanitised rich text.
 */
import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useQueryClient } from '@tanstack/react-query';
import {
  BooleanInput, DataTable, Form, ListBase, NumberInput, required, TextInput, useDataProvider, useGetList, useListContext, useTranslate,
} from 'react-admin';
import {
  ClearButtons, FormatButtons, LinkButtons, ListButtons, RichTextInput, RichTextInputToolbar,
} from 'ra-input-rich-text';
import { useFormState } from 'react-hook-form';
import type { AdminContentPage, AdminDiscountCode } from '../../dataProvider/index.ts';
import { RULE_MESSAGES } from '../../../server/schemas/rules.ts';
import { useToast } from '../toast.tsx';
import { PageTitle } from './PageTitle.tsx';
import { fieldErrorsOf } from '../../dataProvider/errors.ts';

const requiredField = required(RULE_MESSAGES.required);
const Column = DataTable.Col<AdminDiscountCode>;

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
  return <Button type="submit" variant="contained" disabled={!isDirty || !isValid || isSubmitting}>{translate('app.save')}</Button>;
}

function PageEditor({ page }: { page: AdminContentPage }) {
  const translate = useTranslate();
  const toast = useToast();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  async function save(values: Record<string, unknown>) {
    try {
      await dataProvider.update('content-pages', {
        id: page.id, data: { title: values.title, content: values.content }, previousData: page,
      });
      await queryClient.invalidateQueries({ queryKey: ['content-pages'] });
      toast.success('app.settings.content.saved');
      return undefined;
    } catch (error) {
      toast.error('app.errors.generic_bang');
      return fieldErrorsOf(error);
    }
  }
  return (
    <Form record={page} onSubmit={save}>
      <TextInput source="title" label={translate('app.settings.content.page_title')} validate={requiredField} fullWidth />
      <RichTextInput source="content" label={translate('app.settings.content.page_content')} validate={requiredField} fullWidth
        toolbar={toolbar} sx={{ '& .ProseMirror': { minHeight: 240 } }} />
      <SaveButton />
    </Form>
  );
}

function Pages() {
  const translate = useTranslate();
  const { data = [], error } = useGetList<AdminContentPage>('content-pages', {});
  if (error) return <Alert severity="info">{translate('app.settings.content.on_site')}</Alert>;
  return (
    <Box component="section" aria-labelledby="content-pages-title" sx={{ mb: 3 }}>
      <Typography id="content-pages-title" variant="h6" component="h2" sx={{ mb: 1 }}>{translate('app.settings.content.pages')}</Typography>
      {data.map((page) => (
        <Accordion key={page.id} disableGutters>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`page-${page.id}`} id={`page-${page.id}-header`}>
            <Typography component="span">{`${page.title} (${page.slug})`}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            <PageEditor page={page} />
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

function CodeDialog({ code, onClose }: { code: AdminDiscountCode | null; onClose: () => void }) {
  const translate = useTranslate();
  const toast = useToast();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  async function save(values: Record<string, unknown>) {
    const data = { code: values.code, description: values.description, sort_order: Number(values.sort_order ?? 0), active: values.active !== false };
    try {
      if (code) await dataProvider.update('discount-codes', { id: code.id, data, previousData: code });
      else await dataProvider.create('discount-codes', { data });
      await queryClient.invalidateQueries({ queryKey: ['discount-codes'] });
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
          <TextInput source="code" label={translate('app.settings.content.code')} validate={requiredField} fullWidth />
          <RichTextInput source="description" label={translate('app.settings.content.description')} validate={requiredField} fullWidth
            toolbar={toolbar} sx={{ '& .ProseMirror': { minHeight: 160 } }} />
          <NumberInput source="sort_order" label={translate('app.settings.content.sort_order')} min={0} />
          <BooleanInput source="active" label={translate('app.settings.content.active')} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('app.cancel')}</Button>
          <SaveButton />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

function CodeTable({ onEdit }: { onEdit: (code: AdminDiscountCode) => void }) {
  const translate = useTranslate();
  const toast = useToast();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const { error } = useListContext();
  if (error) return null;
  async function remove(code: AdminDiscountCode) {
    try {
      await dataProvider.delete('discount-codes', { id: code.id, previousData: code });
      toast.success('app.settings.content.deleted');
    } catch {
      toast.error('app.errors.generic_bang');
    }
    await queryClient.invalidateQueries({ queryKey: ['discount-codes'] });
  }
  return (
    <Paper sx={{ overflowX: 'auto' }}>
      <DataTable<AdminDiscountCode> bulkActionButtons={false} rowClick={false}
        empty={<Typography sx={{ p: 3 }}>{translate('app.settings.content.empty')}</Typography>}>
        <Column source="code" label="app.settings.content.code" disableSort />
        <Column source="sort_order" label="app.settings.content.sort_order" disableSort />
        <Column source="active" label="app.settings.content.active" disableSort
          render={(row) => translate(row.active ? 'ra.boolean.true' : 'ra.boolean.false')} />
        <Column source="actions" label="app.settings.campaigns.columns.actions" disableSort render={(row) => (
          <Box sx={{ display: 'flex' }}>
            <IconButton aria-label={`${translate('app.settings.campaigns.edit')}: ${row.code}`} onClick={() => onEdit(row)}><EditIcon /></IconButton>
            <IconButton aria-label={`${translate('app.settings.content.delete')}: ${row.code}`} onClick={() => remove(row)}><DeleteIcon /></IconButton>
          </Box>
        )} />
      </DataTable>
    </Paper>
  );
}

export function ContentPage() {
  const translate = useTranslate();
  const [editing, setEditing] = useState<AdminDiscountCode | 'new' | null>(null);
  return (
    <>
      <PageTitle label="app.settings.content.title" />
      <Pages />
      <ListBase resource="discount-codes" perPage={100} disableSyncWithLocation>
        <Box component="section" aria-labelledby="discount-codes-title">
          <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1 }}>
            <Typography id="discount-codes-title" variant="h6" component="h2">{translate('app.settings.content.discount_codes')}</Typography>
            <Button variant="outlined" startIcon={<Add />} onClick={() => setEditing('new')}>{translate('app.settings.content.add_code')}</Button>
          </Box>
          <CodeTable onEdit={setEditing} />
        </Box>
      </ListBase>
      {editing && <CodeDialog code={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

export default ContentPage;
