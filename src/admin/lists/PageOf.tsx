/**
 * First/previous/next/last with 'page X av Y' (the spec's words for the member overview) or 'side X
 * av Y' (the request queues), on the nearest react-admin list context (server or client paged).
 */
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import FirstPage from '@mui/icons-material/FirstPage';
import LastPage from '@mui/icons-material/LastPage';
import NavigateBefore from '@mui/icons-material/NavigateBefore';
import NavigateNext from '@mui/icons-material/NavigateNext';
import { useListContext, useTranslate } from 'react-admin';
import type { PageMeta } from '../../dataProvider/base.ts';

export function usePageCount(): number {
  const { perPage, total = 0 } = useListContext();
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * Whether the list's total is a lower bound: a search the server counts only as far as four pages
 * past the page it answers (DECISIONS, 'Searches'), so more rows may match than it says.
 */
export function useTotalAtLeast(): boolean {
  const { meta } = useListContext();
  return (meta as Partial<PageMeta> | undefined)?.totalAtLeast === true;
}

/** Which words the pager uses: the member overview's 'page X av Y' as spec'd, or the queues' 'side X av Y'. */
export type PageWords = 'members' | 'queue';

const PAGE_OF_KEYS: Record<PageWords, { exact: string; atLeast: string }> = {
  members: { exact: 'app.members.page_of', atLeast: 'app.members.page_of_at_least' },
  queue: { exact: 'app.members.queue_page_of', atLeast: 'app.members.queue_page_of_at_least' },
};

export function PageOf({ words = 'members' }: { words?: PageWords }) {
  const translate = useTranslate();
  const keys = PAGE_OF_KEYS[words];
  const { page, setPage } = useListContext();
  const pages = usePageCount();
  const atLeast = useTotalAtLeast();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      <IconButton aria-label={translate('app.members.first')} disabled={page <= 1} onClick={() => setPage(1)}>
        <FirstPage />
      </IconButton>
      <IconButton aria-label={translate('app.members.previous')} disabled={page <= 1} onClick={() => setPage(page - 1)}>
        <NavigateBefore />
      </IconButton>
      <Typography component="span" sx={{ mx: 1, whiteSpace: 'nowrap' }} aria-live="polite">
        {translate(atLeast ? keys.atLeast : keys.exact, { page, pages })}
      </Typography>
      <IconButton aria-label={translate('app.members.next')} disabled={page >= pages} onClick={() => setPage(page + 1)}>
        <NavigateNext />
      </IconButton>
      <IconButton aria-label={translate('app.members.last')} disabled={page >= pages} onClick={() => setPage(pages)}>
        <LastPage />
      </IconButton>
    </Box>
  );
}
