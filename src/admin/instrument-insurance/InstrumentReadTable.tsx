/**
 * Instruments shown, not edited: the waiting ones (a change shown as old → new, 'Til behandling')
 * and the deleted ones (with 'SLETTET DATO'; an invalid stop date shows '-').
 */
import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { formatAmount, formatDate } from '../../common/format.ts';
import type { Instrument, InstrumentCategory } from '../../dataProvider/types.ts';
import '../../i18n/app/instruments-pages-nb.ts';

export interface ExtraColumn {
  label: string;
  render: (instrument: Instrument) => ReactNode;
}

type Field = 'instrument_category' | 'make' | 'model' | 'serial_number' | 'value';

/** The value now, or 'old → new' when the member asked to change it. */
export function useChangeText(categories: readonly InstrumentCategory[]) {
  const translate = useTranslate();
  const show = (field: Field, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '';
    if (field === 'value') return `${formatAmount(value as number)},-`;
    if (field === 'instrument_category') return categories.find((category) => category.id === value)?.title ?? String(value);
    return String(value);
  };
  return (instrument: Instrument, field: Field): string => {
    const now = field === 'instrument_category' ? instrument.category : show(field, instrument[field]);
    const change = instrument.requested_change;
    if (!change || change.delete || change[field] === undefined || change[field] === instrument[field]) return now;
    return translate('app.instruments.change_to', { before: now || '-', after: show(field, change[field]) || '-' });
  };
}

/** DD-MM-YYYY, or '-' when the date is missing or invalid. */
export const stopDate = (value: string | null): string => formatDate(value) || '-';

export function InstrumentReadTable({
  instruments,
  categories,
  extra,
  empty,
  label,
}: {
  instruments: Instrument[];
  categories: readonly InstrumentCategory[];
  extra: ExtraColumn[];
  empty: string;
  label: string;
}) {
  const translate = useTranslate();
  const text = useChangeText(categories);
  if (instruments.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {empty}
      </Typography>
    );
  return (
    <TableContainer tabIndex={0} role="region" aria-label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {['type', 'make', 'model', 'serial_number', 'value', 'created', 'end'].map((column) => (
              <TableCell key={column}>{translate(`app.instruments.columns.${column}`)}</TableCell>
            ))}
            {extra.map((column) => (
              <TableCell key={column.label}>{translate(column.label)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {instruments.map((instrument) => (
            <TableRow key={instrument.id}>
              <TableCell>{text(instrument, 'instrument_category')}</TableCell>
              <TableCell>{text(instrument, 'make')}</TableCell>
              <TableCell>{text(instrument, 'model')}</TableCell>
              <TableCell>{text(instrument, 'serial_number')}</TableCell>
              <TableCell>{text(instrument, 'value')}</TableCell>
              <TableCell>{formatDate(instrument.insurance_start)}</TableCell>
              <TableCell>{stopDate(instrument.insurance_end)}</TableCell>
              {extra.map((column) => (
                <TableCell key={column.label}>{column.render(instrument)}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
