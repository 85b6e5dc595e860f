/**
 * 'Eksporter': one button opening a menu of the list's two exports (CSV and xlsx), which save the
 * whole filtered list as the server streams it, as the other lists' export buttons do.
 */
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Download from '@mui/icons-material/Download';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useDataProvider, useListContext, useTranslate } from 'react-admin';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import type { ExportFormat } from '../../dataProvider/exports.ts';
import { useDownload } from '../lists/useDownload.ts';
import { useCan } from '../access/rights.ts';
import '../../i18n/app/payments-pages-nb.ts';

/** Only for staff who may export ('members.export', as the export route needs). */
export function ExportMenu() {
  return useCan('members.export') ? <ExportButton /> : null;
}

function ExportButton() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { resource, filterValues } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const { start, busy } = useDownload((format: ExportFormat) => dataProvider.exportList(resource, filterValues, format));
  const exportList = (format: ExportFormat) => {
    setAnchor(null);
    start(format);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<Download />}
        endIcon={<ExpandMore />}
        disabled={busy}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {translate('app.payments.export')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => exportList('csv')}>{translate('app.payments.export_csv')}</MenuItem>
        <MenuItem onClick={() => exportList('xlsx')}>{translate('app.payments.export_xlsx')}</MenuItem>
      </Menu>
    </>
  );
}
