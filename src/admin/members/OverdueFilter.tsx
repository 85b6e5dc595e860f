/** 'Forfalt faktura' above the member overview: only members with an overdue invoice (filter[overdue_invoice]=1). */
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useListContext, useTranslate } from 'react-admin';
import '../../i18n/app/members-pages-nb.ts';

export function OverdueFilter() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const checked = String(filterValues.overdue_invoice ?? '') === '1';
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={checked}
          onChange={(event) => {
            const { overdue_invoice: _previous, ...rest } = filterValues;
            setFilters(event.target.checked ? { ...rest, overdue_invoice: '1' } : rest, {});
          }}
        />
      }
      label={translate('app.members.filter_overdue_invoice')}
    />
  );
}
