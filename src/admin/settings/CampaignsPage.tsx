/**
 * '/settings/promo-code': the campaign codes with create and edit modals, each code's QR code,
 * and removing a code (one in use is ended instead).
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import { useQueryClient } from '@tanstack/react-query';
import {
  Confirm, DataTable, Form, ListBase, useGetList, Pagination, required, SelectInput, TextInput, useDataProvider, useListContext, useTranslate,
} from 'react-admin';
import type { Campaign, StaffDataProvider } from '../../dataProvider/index.ts';
import { formatDate } from '../../common/format.ts';
import { RULE_MESSAGES } from '../../../server/schemas/rules.ts';
import { DateInput } from '../dates/DateInput.tsx';
import { useToast } from '../toast.tsx';
import { DialogSaveActions } from '../forms/DialogSaveActions.tsx';
import { PageTitle } from './PageTitle.tsx';
import { CampaignQrDialog } from './CampaignQr.tsx';
import { fieldErrorsOf } from '../../dataProvider/errors.ts';

const Column = DataTable.Col<Campaign>;
const fillIn = required(RULE_MESSAGES.fillIn);
const DEFAULTS = { product_category_id: 1, benefit_id: 0, status: 1 };

/** The create modal asks for every field; the edit modal for name, code and start (the spec's two forms). */
function CampaignDialog({ campaign, onClose }: { campaign: Campaign | null; onClose: () => void }) {
  const translate = useTranslate();
  const toast = useToast();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const creating = campaign === null;
  const label = (field: string) => translate(`app.settings.campaigns.fields.${field}`);

  async function save(values: Record<string, unknown>) {
    const data = creating
      ? { ...DEFAULTS, ...values, period_end: values.period_end || null }
      : { name: values.name, code: values.code, period_start: values.period_start, status: 1 };
    try {
      if (creating) await dataProvider.create('campaigns', { data });
      else await dataProvider.update('campaigns', { id: campaign.id, data, previousData: campaign });
      await queryClient.invalidateQueries({ queryKey: ['campaigns'] });
      toast.success(creating ? 'app.settings.campaigns.created' : 'app.settings.campaigns.updated');
      onClose();
      return undefined;
    } catch (error) {
      const errors = fieldErrorsOf(error);
      if (!errors) toast.error('app.errors.generic_bang');
      return errors;
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby="campaign-title" fullWidth maxWidth="sm">
      <DialogTitle id="campaign-title">
        {translate(creating ? 'app.settings.campaigns.create_title' : 'app.settings.campaigns.edit_title')}
      </DialogTitle>
      <Form record={campaign ?? DEFAULTS} onSubmit={save}>
        <DialogContent sx={{ pt: 0 }}>
          <TextInput source="name" label={label('name')} validate={fillIn} fullWidth />
          <TextInput source="code" label={label('code')} validate={fillIn} fullWidth />
          <DateInput source="period_start" label="app.settings.campaigns.fields.period_start" validate={fillIn} isRequired />
          {creating && (
            <>
              <DateInput source="period_end" label="app.settings.campaigns.fields.period_end" />
              <ReferenceSelect resource="product-categories" source="product_category_id" optionText="title" label={label('product_category_id')} />
              <ReferenceSelect resource="benefits" source="benefit_id" optionText="text" label={label('benefit_id')} />
            </>
          )}
        </DialogContent>
        <DialogSaveActions onClose={onClose} />
      </Form>
    </Dialog>
  );
}

/** A select over a small reference list (product categories, benefits). */
function ReferenceSelect({ resource, source, optionText, label }: { resource: string; source: string; optionText: string; label: string }) {
  const { data = [], isPending } = useGetList(resource, {});
  return <SelectInput source={source} label={label} choices={data} optionText={optionText} validate={fillIn} isPending={isPending} fullWidth />;
}

function CampaignTable({ onEdit, onQr, onDelete }: {
  onEdit: (campaign: Campaign) => void;
  onQr: (campaign: Campaign) => void;
  onDelete: (campaign: Campaign) => void;
}) {
  const translate = useTranslate();
  const { data } = useListContext<Campaign>();
  return (
    <Paper sx={{ overflowX: 'auto' }}>
      <DataTable<Campaign>
        bulkActionButtons={false}
        rowClick={(id) => {
          const campaign = data?.find((row) => row.id === id);
          if (campaign) onEdit(campaign);
          return false;
        }}
        empty={<Typography sx={{ p: 3 }}>{translate('app.settings.campaigns.empty')}</Typography>}
      >
        <Column source="name" label="app.settings.campaigns.columns.name" />
        <Column source="code" label="app.settings.campaigns.columns.code" />
        <Column source="period_start" label="app.settings.campaigns.columns.period_start" render={(row) => formatDate(row.period_start)} />
        <Column source="period_end" label="app.settings.campaigns.columns.period_end" render={(row) => formatDate(row.period_end) || '–'} />
        <Column source="product" label="app.settings.campaigns.columns.product" disableSort render={(row) => row.product?.title ?? ''} />
        <Column source="benefit" label="app.settings.campaigns.columns.benefit" disableSort render={(row) => row.benefit?.text ?? ''} />
        <Column source="status" label="app.settings.campaigns.columns.status" render={(row) => (
          <Chip size="small" color={row.status === 1 ? 'success' : 'default'} variant="outlined"
            label={translate(row.status === 1 ? 'app.settings.campaigns.active' : 'app.settings.campaigns.ended_status')} />
        )} />
        <Column source="members" label="app.settings.campaigns.columns.members" disableSort />
        <Column source="actions" label="app.settings.campaigns.columns.actions" disableSort render={(row) => (
          <Box sx={{ display: 'flex' }} onClick={(event) => event.stopPropagation()}>
            <IconButton aria-label={`${translate('app.settings.campaigns.qr')}: ${row.code}`} onClick={() => onQr(row)}><QrCodeIcon /></IconButton>
            <IconButton aria-label={`${translate('app.settings.campaigns.edit')}: ${row.code}`} onClick={() => onEdit(row)}><EditIcon /></IconButton>
            <IconButton aria-label={`${translate('app.settings.campaigns.delete')}: ${row.code}`} onClick={() => onDelete(row)}><DeleteIcon /></IconButton>
          </Box>
        )} />
      </DataTable>
    </Paper>
  );
}

export function CampaignsPage() {
  const translate = useTranslate();
  const toast = useToast();
  const staffData = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);
  const [qr, setQr] = useState<Campaign | null>(null);
  const [deleting, setDeleting] = useState<Campaign | null>(null);

  async function remove(campaign: Campaign) {
    try {
      const { ended } = await staffData.removeCampaign(campaign.id);
      toast.success(ended ? 'app.settings.campaigns.ended' : 'app.settings.campaigns.deleted');
    } catch {
      toast.error('app.errors.generic_bang');
    }
    setDeleting(null);
    await queryClient.invalidateQueries({ queryKey: ['campaigns'] });
  }

  return (
    <ListBase resource="campaigns" perPage={25} sort={{ field: 'id', order: 'DESC' }} disableSyncWithLocation>
      <PageTitle label="app.settings.campaigns.title">
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>{translate('app.settings.campaigns.create')}</Button>
      </PageTitle>
      <CampaignTable onEdit={setEditing} onQr={setQr} onDelete={setDeleting} />
      <Pagination rowsPerPageOptions={[25, 50, 75, 100]} />
      {editing && <CampaignDialog campaign={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {qr && <CampaignQrDialog code={qr.code} onClose={() => setQr(null)} />}
      <Confirm
        isOpen={deleting !== null}
        title="app.settings.campaigns.delete"
        content={translate('app.settings.campaigns.delete_confirm', { code: deleting?.code ?? '' })}
        onConfirm={() => deleting && remove(deleting)}
        onClose={() => setDeleting(null)}
      />
    </ListBase>
  );
}

export default CampaignsPage;
