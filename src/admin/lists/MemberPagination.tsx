/** Go-to-page, rows per page (25/50/75/100) and first/prev/next/last with 'page X av Y' (or the queues' 'side X av Y'). */
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useListContext, useTranslate } from 'react-admin';
import { PageOf, usePageCount, type PageWords } from './PageOf.tsx';
import { PAGE_SIZES } from '../../../server/schemas/page-sizes.ts';

export { PAGE_SIZES };

export function MemberPagination({ words }: { words?: PageWords }) {
  const translate = useTranslate();
  const { page, perPage, setPage, setPerPage } = useListContext();
  const pages = usePageCount();
  const [target, setTarget] = useState(String(page));
  useEffect(() => setTarget(String(page)), [page]);

  // Reads the field itself: what Enter or leaving the field acts on is what the field shows then.
  const goTo = (typed: string) => {
    const wanted = Math.min(pages, Math.max(1, Math.trunc(Number(typed)) || 1));
    setTarget(String(wanted));
    if (wanted !== page) setPage(wanted);
  };

  return (
    <Box
      component="nav"
      aria-label={translate('app.members.pagination')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: 2, py: 1.5 }}
    >
      <TextField
        size="small"
        type="number"
        label={translate('app.members.go_to_page')}
        value={target}
        onChange={(event) => setTarget(event.target.value)}
        onBlur={(event) => goTo(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') goTo((event.target as HTMLInputElement).value);
        }}
        slotProps={{ htmlInput: { min: 1, max: pages } }}
        sx={{ width: 120 }}
      />
      <TextField
        select
        size="small"
        label={translate('app.members.rows_per_page')}
        value={perPage}
        onChange={(event) => setPerPage(Number(event.target.value))}
        sx={{ width: 140 }}
      >
        {PAGE_SIZES.map((size) => (
          <MenuItem key={size} value={size}>
            {size}
          </MenuItem>
        ))}
      </TextField>
      <PageOf words={words} />
    </Box>
  );
}
