/**
 * Row selection on react-admin's list context, with a label on each checkbox's own input (the
 * DataTable's built-in row checkbox puts its label on the wrapper, which axe refuses) naming the
 * applicant it selects.
 */
import type { MouseEvent } from 'react';
import Checkbox from '@mui/material/Checkbox';
import { useListContext, useTranslate, type Identifier } from 'react-admin';
import '../../i18n/app/requests-pages-nb.ts';

const stop = (event: MouseEvent) => event.stopPropagation();

export function SelectPageCheckbox() {
  const translate = useTranslate();
  const { data = [], selectedIds, onSelect, onUnselectItems } = useListContext();
  const ids = data.map((row: { id: Identifier }) => row.id);
  const chosen = ids.filter((id) => selectedIds.includes(id)).length;
  const all = ids.length > 0 && chosen === ids.length;
  return (
    <Checkbox
      checked={all}
      indeterminate={chosen > 0 && !all}
      disabled={ids.length === 0}
      onChange={() => (all ? onUnselectItems() : onSelect(ids))}
      slotProps={{ input: { 'aria-label': translate('app.membership_requests.select_all') } }}
      sx={{ p: 0.5 }}
    />
  );
}

export function SelectRowCheckbox({ id, name }: { id: Identifier; name: string }) {
  const translate = useTranslate();
  const { selectedIds, onToggleItem } = useListContext();
  return (
    <Checkbox
      checked={selectedIds.includes(id)}
      onChange={() => onToggleItem(id)}
      onClick={stop}
      slotProps={{ input: { 'aria-label': translate('app.membership_requests.select_row', { name }) } }}
      sx={{ p: 0.5 }}
    />
  );
}
