/** '/outreach' ('Utvalg'): the saved groups by name, each with how many members it holds now. */
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Confirm, DataTable, ListBase, useDelete, useTranslate } from 'react-admin';
import type { Segment } from '../../dataProvider/index.ts';
import { formatDate, formatTime } from '../../common/format.ts';
import { PageTitle } from '../settings/PageTitle.tsx';
import { useToast } from '../toast.tsx';
import '../../i18n/app/outreach-pages-nb.ts';

const Column = DataTable.Col<Segment>;

export default function SegmentList() {
  const translate = useTranslate();
  const toast = useToast();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<Segment | null>(null);
  const [remove] = useDelete<Segment>();

  const confirmDelete = () => {
    if (!deleting) return;
    remove(
      'segments',
      { id: deleting.id, previousData: deleting },
      {
        onSuccess: () => toast.success('app.outreach.deleted'),
        onError: () => toast.error('app.errors.generic_bang'),
        onSettled: () => setDeleting(null),
      },
    );
  };

  return (
    <ListBase resource="segments" perPage={1000} disableSyncWithLocation>
      <PageTitle label="app.outreach.title">
        <Button component={RouterLink} to="/outreach/create" variant="contained" startIcon={<Add />}>
          {translate('app.outreach.create')}
        </Button>
      </PageTitle>
      <Typography sx={{ mb: 2, maxWidth: '70ch' }}>{translate('app.outreach.intro')}</Typography>
      <Paper sx={{ overflowX: 'auto' }}>
        <DataTable<Segment>
          resource="segments"
          bulkActionButtons={false}
          rowClick={(id) => {
            navigate(`/outreach/${id}`);
            return false;
          }}
          empty={<Typography sx={{ p: 3 }}>{translate('app.outreach.empty')}</Typography>}
        >
          <Column source="name" label="app.outreach.columns.name" disableSort />
          <Column source="count" label="app.outreach.columns.count" disableSort align="right" />
          <Column source="created_by" label="app.outreach.columns.created_by" disableSort render={(row) => row.created_by ?? '–'} />
          <Column
            source="updated_at"
            label="app.outreach.columns.updated_at"
            disableSort
            render={(row) => `${formatDate(row.updated_at)} ${formatTime(row.updated_at)}`}
          />
          <Column
            source="actions"
            label="app.outreach.columns.actions"
            disableSort
            render={(row) => (
              <Box sx={{ display: 'flex' }} onClick={(event) => event.stopPropagation()}>
                <IconButton component={RouterLink} to={`/outreach/${row.id}`} aria-label={`${translate('app.outreach.edit')}: ${row.name}`}>
                  <EditIcon />
                </IconButton>
                <IconButton aria-label={`${translate('app.outreach.delete')}: ${row.name}`} onClick={() => setDeleting(row)}>
                  <DeleteIcon />
                </IconButton>
              </Box>
            )}
          />
        </DataTable>
      </Paper>
      <Confirm
        isOpen={deleting !== null}
        title="app.outreach.delete"
        content={translate('app.outreach.delete_confirm', { name: deleting?.name ?? '' })}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </ListBase>
  );
}
