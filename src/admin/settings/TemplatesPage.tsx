/**
 * '/settings/system-message': the e-mail templates. A row (or its edit button) opens the edit
 * modal: subject, content in the rich-text editor (height 500) with the template's placeholders
 * as buttons, sender name and address; below it a preview filled in for a chosen member and
 * 'send a test to me'.
 */
import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import { DataTable, ListBase, useListContext, useTranslate } from 'react-admin';
import type { EmailTemplate } from '../../dataProvider/index.ts';
import { formatDate } from '../../common/format.ts';
import { PageTitle } from './PageTitle.tsx';
import '../../i18n/app/settings-pages-nb.ts';

// The editor (tiptap and ProseMirror) loads when a template is opened, not with the list.
const TemplateDialog = lazy(() => import('./TemplateDialog.tsx').then((module) => ({ default: module.TemplateDialog })));

const Column = DataTable.Col<EmailTemplate>;

function TemplateTable({ onEdit }: { onEdit: (template: EmailTemplate) => void }) {
  const translate = useTranslate();
  const { data } = useListContext<EmailTemplate>();
  return (
    <Paper sx={{ overflowX: 'auto' }}>
      <DataTable<EmailTemplate>
        bulkActionButtons={false}
        rowClick={(id) => {
          const template = data?.find((row) => row.id === id);
          if (template) onEdit(template);
          return false;
        }}
        empty={<Typography sx={{ p: 3 }}>{translate('app.settings.templates.empty')}</Typography>}
      >
        <Column source="id" />
        <Column source="title" label="app.settings.templates.columns.title" />
        <Column source="updated_at" render={(row) => formatDate(row.updated_at)} />
        <Column source="created_at" render={(row) => formatDate(row.created_at)} />
        <Column
          source="edit"
          label="app.settings.campaigns.columns.actions"
          disableSort
          render={(row) => (
            <IconButton
              aria-label={`${translate('app.settings.campaigns.edit')}: ${row.title}`}
              onClick={(event) => {
                event.stopPropagation();
                onEdit(row);
              }}
            >
              <EditIcon />
            </IconButton>
          )}
        />
      </DataTable>
    </Paper>
  );
}

export function TemplatesPage() {
  const [editing, setEditing] = useState<EmailTemplate | null>(null);
  return (
    <ListBase resource="email-templates" perPage={100} sort={{ field: 'id', order: 'ASC' }} disableSyncWithLocation>
      <PageTitle label="app.settings.templates.title" />
      <TemplateTable onEdit={setEditing} />
      <Box sx={{ height: 16 }} />
      {editing && (
        <Suspense fallback={null}>
          <TemplateDialog template={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </ListBase>
  );
}

export default TemplatesPage;
