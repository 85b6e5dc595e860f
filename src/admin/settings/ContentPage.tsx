/**
 * '/settings/content' (only without a WordPress site): the content pages Min side and the
 * sign-up show, and the discount codes members see, in sanitised rich text. The rich-text
 * editors (ContentEditors.tsx) load when a page is first expanded or a code's dialog opens.
 */
import { lazy, Suspense, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { DataTable, ListBase, useDelete, useGetList, useListContext, useTranslate } from 'react-admin';
import type { AdminContentPage, AdminDiscountCode } from '../../dataProvider/index.ts';
import { useToast } from '../toast.tsx';
import { PageTitle } from './PageTitle.tsx';
import '../../i18n/app/settings-pages-nb.ts';

const PageEditor = lazy(() => import('./ContentEditors.tsx').then((module) => ({ default: module.PageEditor })));
const CodeDialog = lazy(() => import('./ContentEditors.tsx').then((module) => ({ default: module.CodeDialog })));

const Column = DataTable.Col<AdminDiscountCode>;

function Pages() {
  const translate = useTranslate();
  const { data = [], error } = useGetList<AdminContentPage>('content-pages', {});
  // A page's editor is drawn once the page is first expanded, and stays (so collapsing animates).
  const [opened, setOpened] = useState(() => new Set<AdminContentPage['id']>());
  if (error) return <Alert severity="info">{translate('app.settings.content.on_site')}</Alert>;
  return (
    <Box component="section" aria-labelledby="content-pages-title" sx={{ mb: 3 }}>
      <Typography id="content-pages-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('app.settings.content.pages')}
      </Typography>
      {data.map((page) => (
        <Accordion key={page.id} disableGutters onChange={(_event, expanded) => expanded && setOpened((ids) => new Set(ids).add(page.id))}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`page-${page.id}`} id={`page-${page.id}-header`}>
            <Typography component="span">{`${page.title} (${page.slug})`}</Typography>
          </AccordionSummary>
          <AccordionDetails>
            {opened.has(page.id) && (
              <Suspense fallback={null}>
                <PageEditor page={page} />
              </Suspense>
            )}
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}

function CodeTable({ onEdit }: { onEdit: (code: AdminDiscountCode) => void }) {
  const translate = useTranslate();
  const toast = useToast();
  // react-admin drops the deleted code from the list and reads the list again, after a refusal too.
  const [deleteCode] = useDelete<AdminDiscountCode>();
  const { error } = useListContext();
  if (error) return null;
  const remove = (code: AdminDiscountCode) =>
    deleteCode(
      'discount-codes',
      { id: code.id, previousData: code },
      {
        onSuccess: () => toast.success('app.settings.content.deleted'),
        onError: () => toast.error('app.errors.generic_bang'),
      },
    );
  return (
    <Paper sx={{ overflowX: 'auto' }}>
      <DataTable<AdminDiscountCode>
        bulkActionButtons={false}
        rowClick={false}
        empty={<Typography sx={{ p: 3 }}>{translate('app.settings.content.empty')}</Typography>}
      >
        <Column source="code" disableSort />
        <Column source="sort_order" disableSort />
        <Column source="active" disableSort render={(row) => translate(row.active ? 'ra.boolean.true' : 'ra.boolean.false')} />
        <Column
          source="actions"
          label="app.settings.campaigns.columns.actions"
          disableSort
          render={(row) => (
            <Box sx={{ display: 'flex' }}>
              <IconButton aria-label={`${translate('app.settings.campaigns.edit')}: ${row.code}`} onClick={() => onEdit(row)}>
                <EditIcon />
              </IconButton>
              <IconButton aria-label={`${translate('app.settings.content.delete')}: ${row.code}`} onClick={() => remove(row)}>
                <DeleteIcon />
              </IconButton>
            </Box>
          )}
        />
      </DataTable>
    </Paper>
  );
}

export function ContentPage() {
  const translate = useTranslate();
  const [editing, setEditing] = useState<AdminDiscountCode | 'new' | null>(null);
  // The codes (fetched meanwhile) show once the pages above them are in, so they do not jump down.
  const { isPending: pagesPending } = useGetList<AdminContentPage>('content-pages', {});
  return (
    <>
      <PageTitle label="app.settings.content.title" />
      <Pages />
      <ListBase resource="discount-codes" perPage={100} disableSyncWithLocation>
        <Box component="section" aria-labelledby="discount-codes-title" sx={{ display: pagesPending ? 'none' : undefined }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1 }}>
            <Typography id="discount-codes-title" variant="h6" component="h2">
              {translate('app.settings.content.discount_codes')}
            </Typography>
            <Button variant="outlined" startIcon={<Add />} onClick={() => setEditing('new')}>
              {translate('app.settings.content.add_code')}
            </Button>
          </Box>
          <CodeTable onEdit={setEditing} />
        </Box>
      </ListBase>
      {editing && (
        <Suspense fallback={null}>
          <CodeDialog code={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </>
  );
}

export default ContentPage;
