import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import UndoIcon from '@mui/icons-material/Undo';
import { useTranslate } from 'react-admin';
import type { InstrumentRow } from '../../common/instrument-rows.ts';
import type { InstrumentCategory } from '../../dataProvider/types.ts';
import { FIELDS } from './instrumentRowsLayout.ts';
import '../../i18n/app/requests-pages-nb.ts';

/** A deleted row until 'Lagre': struck through, 'Slettes ved lagring', and 'Angre' to keep it. */
export function StagedDeleteRow({ row, categories, onUndo }: { row: InstrumentRow; categories: InstrumentCategory[]; onUndo: () => void }) {
  const translate = useTranslate();
  const name = `${row.make} ${row.model}`;
  const type = categories.find((category) => category.id === row.instrument_category)?.title ?? '';
  const text = [type, name, row.serial_number, row.value === '' ? '' : `${row.value},-`].filter(Boolean).join(' · ');
  // The delete button that had focus is gone: focus goes to 'Angre' in its place.
  const undo = useRef<HTMLButtonElement>(null);
  useEffect(() => undo.current?.focus(), []);
  return (
    <TableRow sx={{ bgcolor: 'action.hover' }}>
      <TableCell colSpan={FIELDS.length + 2} className="row-staged">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Typography component="del" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {text}
          </Typography>
          <Chip size="small" variant="outlined" label={translate('app.staff_review.to_delete')} sx={{ fontWeight: 600 }} />
          <Button ref={undo} size="small" startIcon={<UndoIcon />} aria-label={translate('app.staff_review.undo_delete_label', { name })} onClick={onUndo}>
            {translate('app.staff_review.undo_delete')}
          </Button>
        </Box>
      </TableCell>
    </TableRow>
  );
}
