/**
 * '/settings/promo-code': the campaign codes with create and edit modals, each code's QR code,
 * and removing a code (one in use is ended instead).
 */
import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import { useMutation } from '@tanstack/react-query';
import { useReadAgain } from '../readAgain.ts';
import { Confirm, DataTable, ListBase, Pagination, useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { Campaign, StaffDataProvider } from '../../dataProvider/index.ts';
import { formatDate } from '../../common/format.ts';
import { useToast } from '../toast.tsx';
import { PageTitle } from './PageTitle.tsx';
import { campaignEnded } from './campaignEnded.ts';
import { PAGE_SIZES } from '../../../server/schemas/page-sizes.ts';
import '../../i18n/app/settings-pages-nb.ts';

// The dialogs (the date picker, the form, the QR code) load when one opens.
const CampaignDialog = lazy(() => import('./CampaignDialog.tsx'));
const CampaignQrDialog = lazy(() => import('./CampaignQr.tsx').then((module) => ({ default: module.CampaignQrDialog })));

const Column = DataTable.Col<Campaign>;

function CampaignTable({
  onEdit,
  onQr,
  onDelete,
}: {
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
        <Column source="product" disableSort render={(row) => row.product?.title ?? ''} />
        <Column source="benefit" disableSort render={(row) => row.benefit?.text ?? ''} />
        <Column
          source="status"
          render={(row) => (
            <Chip
              size="small"
              color={campaignEnded(row) ? 'default' : 'success'}
              variant={campaignEnded(row) ? 'filled' : 'outlined'}
              label={translate(campaignEnded(row) ? 'app.settings.campaigns.ended_status' : 'app.settings.campaigns.active')}
            />
          )}
        />
        <Column source="members" disableSort />
        <Column
          source="actions"
          label="app.settings.campaigns.columns.actions"
          disableSort
          render={(row) => (
            <Box sx={{ display: 'flex' }} onClick={(event) => event.stopPropagation()}>
              {campaignEnded(row) ? (
                // Keeps the column's place; a sign-up through an ended code is refused, so there is nothing to print.
                <Box component="span" aria-hidden sx={{ width: 40, flexShrink: 0 }} />
              ) : (
                <IconButton aria-label={`${translate('app.settings.campaigns.qr')}: ${row.code}`} onClick={() => onQr(row)}>
                  <QrCodeIcon />
                </IconButton>
              )}
              <IconButton aria-label={`${translate('app.settings.campaigns.edit')}: ${row.code}`} onClick={() => onEdit(row)}>
                <EditIcon />
              </IconButton>
              <IconButton aria-label={`${translate('app.settings.campaigns.delete')}: ${row.code}`} onClick={() => onDelete(row)}>
                <DeleteIcon />
              </IconButton>
            </Box>
          )}
        />
      </DataTable>
    </Paper>
  );
}

export function CampaignsPage() {
  const translate = useTranslate();
  const toast = useToast();
  const staffData = useDataProvider<StaffDataProvider>();
  const readAgain = useReadAgain();
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);
  const [qr, setQr] = useState<Campaign | null>(null);
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  // Not react-admin's useDelete: a code in use is ended instead of deleted, which only the answer
  // says, so the row must not be dropped from the list but the list read again either way.
  const { mutate: removeCampaign } = useMutation({
    mutationFn: (campaign: Campaign) => staffData.removeCampaign(campaign.id),
    onSuccess: ({ ended }) => toast.success(ended ? 'app.settings.campaigns.ended' : 'app.settings.campaigns.deleted'),
    onError: () => toast.error('app.errors.generic_bang'),
    onSettled: () => {
      setDeleting(null);
      return readAgain();
    },
  });

  return (
    <ListBase resource="campaigns" perPage={25} sort={{ field: 'id', order: 'DESC' }} disableSyncWithLocation>
      <PageTitle label="app.settings.campaigns.title">
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
          {translate('app.settings.campaigns.create')}
        </Button>
      </PageTitle>
      <CampaignTable onEdit={setEditing} onQr={setQr} onDelete={setDeleting} />
      <Pagination rowsPerPageOptions={[...PAGE_SIZES]} />
      {editing && (
        <Suspense fallback={null}>
          <CampaignDialog campaign={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      {qr && !campaignEnded(qr) && (
        <Suspense fallback={null}>
          <CampaignQrDialog code={qr.code} onClose={() => setQr(null)} />
        </Suspense>
      )}
      <Confirm
        isOpen={deleting !== null}
        title="app.settings.campaigns.delete"
        content={translate('app.settings.campaigns.delete_confirm', { code: deleting?.code ?? '' })}
        onConfirm={() => deleting && removeCampaign(deleting)}
        onClose={() => setDeleting(null)}
      />
    </ListBase>
  );
}

export default CampaignsPage;
