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

/** `source` is the list's search filter ('name' for the member lists), `label` its catalogue key. */
export function MemberSearch({ source = 'name', label = 'app.members.search' }: { source?: string; label?: string }) {
  const translate = useTranslate();
  const { filterValues, setFilters, onUnselectItems } = useListContext();
  const current = typeof filterValues[source] === 'string' ? (filterValues[source] as string) : '';
  const [text, setText] = useState(current);
  const latest = useRef({ filterValues, setFilters, onUnselectItems });
  latest.current = { filterValues, setFilters, onUnselectItems };

  useEffect(() => {
    if (text.trim() === current) return undefined;
    const timer = setTimeout(() => {
      const { filterValues: values, setFilters: apply, onUnselectItems: unselect } = latest.current;
      const { [source]: _previous, ...rest } = values;
      apply(text.trim() ? { ...rest, [source]: text.trim() } : rest, {});
      unselect();
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, current, source]);

  return (
    <TextField
      size="small"
      type="search"
      label={translate(label)}
      value={text}
      onChange={(event) => setText(event.target.value)}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: { xs: '100%', sm: 280 } }}
    />
  );
}
