/** The instrument table's columns and its styles: a table from 1200 px, cards of fields below that. */
import type { EditableField } from '../../common/instrument-rows.ts';
import '../../i18n/app/instruments-pages-nb.ts';

export const FIELDS: { field: EditableField; label: string; type?: string }[] = [
  { field: 'make', label: 'app.instruments.columns.make' },
  { field: 'model', label: 'app.instruments.columns.model' },
  { field: 'serial_number', label: 'app.instruments.columns.serial_number' },
  { field: 'value', label: 'app.instruments.columns.value' },
  { field: 'insurance_start', label: 'app.instruments.columns.created', type: 'date' },
  { field: 'insurance_end', label: 'app.instruments.columns.end', type: 'date' },
];

/** Table column widths when the rows have 1200 px or more (type, the six fields, delete). */
export const WIDTHS = ['15%', '13%', '18%', '12%', '8%', '14%', '14%', '6%'];
export const WIDE = 'lg';

/**
 * The table needs about 1200 px for every field's text (the dates alone take 150 px each), which
 * the content area has at 1440 px only with the menu folded. So the layout follows the width the
 * rows get (a container query), not the window: narrower, the table's elements lay out as cards,
 * the header left out (each cell shows its column's name from data-label) and a row's cells
 * wrapping in a grid of as many 170 px columns as fit (four on a desktop, one on a phone).
 */
export const tableSx = {
  tableLayout: 'fixed',
  '& .MuiFormControl-root, & .MuiNativeSelect-root, & .MuiInputBase-root': { width: '100%', minWidth: 0 },
  '& td, & th': { px: 0.75 },
  '& textarea': { resize: 'none' },
  '@container (max-width: 1199.95px)': {
    '&, & tbody': { display: 'block' },
    '& colgroup, & thead': { display: 'none' },
    '& tr': {
      display: 'grid',
      gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 170px), 1fr))',
      columnGap: 2,
      rowGap: 1,
      p: 1.5,
      mb: 1.5,
      border: 1,
      borderColor: 'divider',
      borderRadius: 1,
    },
    '& td': { display: 'block', border: 0, p: 0, minWidth: 0 },
    '& td[data-label]::before': {
      content: 'attr(data-label)',
      display: 'block',
      fontSize: 12,
      fontWeight: 600,
      color: 'text.secondary',
      mb: 0.25,
    },
    '& td.row-delete': { display: 'flex', justifyContent: 'flex-end', alignItems: 'flex-end' },
    '& td.row-staged': { gridColumn: '1 / -1' },
  },
} as const;

export const inputSx = {
  px: 1,
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  minWidth: 0,
  fontSize: 14,
  '&.Mui-focused': { outline: '2px solid', outlineColor: 'primary.main' },
  '&.Mui-error': { borderColor: 'error.main' },
  '&.Mui-disabled': { bgcolor: 'action.hover' },
};
