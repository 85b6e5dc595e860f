/**
 * The member search box; the list follows 500 ms after the last keystroke (spec section 9). A new
 * search clears the list's selection: rows chosen before may no longer be in view.
 */
import { useEffect, useRef, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useListContext, useTranslate } from 'react-admin';

export const SEARCH_DEBOUNCE_MS = 500;

export function MemberSearch() {
  const translate = useTranslate();
  const { filterValues, setFilters, onUnselectItems } = useListContext();
  const current = typeof filterValues.name === 'string' ? filterValues.name : '';
  const [text, setText] = useState(current);
  const latest = useRef({ filterValues, setFilters, onUnselectItems });
  latest.current = { filterValues, setFilters, onUnselectItems };

  useEffect(() => {
    if (text.trim() === current) return undefined;
    const timer = setTimeout(() => {
      const { filterValues: values, setFilters: apply, onUnselectItems: unselect } = latest.current;
      const { name: _previous, ...rest } = values;
      apply(text.trim() ? { ...rest, name: text.trim() } : rest, {});
      unselect();
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, current]);

  return (
    <TextField
      size="small"
      type="search"
      label={translate('app.members.search')}
      value={text}
      onChange={(event) => setText(event.target.value)}
      slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
      sx={{ minWidth: { xs: '100%', sm: 280 } }}
    />
  );
}
