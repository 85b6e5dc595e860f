/**
 * The shape every staff queue shares: the title with the count as the page's heading (and in the
 * app bar), a line of actions, the member search, the table in its card (it scrolls there on a
 * phone instead of widening the page) with its place held while it loads, and the go-to-page
 * pager. Each queue gives its resource, texts, actions and columns.
 */
import { createContext, useContext, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { DataTable, ListBase, Offline, Title, useListContext, useTranslate, type DataTableProps, type RaRecord, type SortPayload } from 'react-admin';
import { LoadingContent } from '../layout/TitledScreens.tsx';
import { ListSpace } from './ListSpace.tsx';
import { MemberPagination } from './MemberPagination.tsx';
import { useTotalAtLeast, type PageWords } from './PageOf.tsx';
import { MemberSearch } from './MemberSearch.tsx';
import { LIST_FITS } from './listFits.ts';

export interface QueueListProps<T extends RaRecord> {
  resource: string;
  /** The catalogue key of the title; it gets the list's total as %{count}. */
  title: string;
  /** Whether the title waits for the count ('Laster …' until then); default yes. */
  counted?: boolean;
  /** The catalogue key of the text an empty queue shows. */
  empty: string;
  sort: SortPayload;
  /** Under the title, on a line of their own (beside it they would jump below it when the count arrives). */
  actions?: ReactNode;
  /** Beside the title instead (a back button, an export). */
  aside?: ReactNode;
  /** Whether the member search shows above the table; default yes. */
  search?: boolean;
  /** The queue's own filter fields, shown where the member search would be (instead of it). */
  filters?: ReactNode;
  /** The filters the queue opens with. */
  filterDefaultValues?: Record<string, unknown>;
  rowClick?: DataTableProps<T>['rowClick'];
  /** Rows with a checkbox are taller (QUEUE_ROW). */
  rowHeight?: number;
  /** Read again when the window gets focus; default no (spec section 2 for the membership and travel queues). */
  refreshOnFocus?: boolean;
  /** How long a page read stays fresh. */
  staleTime?: number;
  /** The table's columns (DataTable.Col). */
  children: ReactNode;
}

/**
 * Moves the focus to the queue's heading: after an accept the button pressed goes (disabled, or
 * its row gone), and the focus would fall to the page body, leaving a keyboard user at the top.
 */
const FocusQueue = createContext<() => void>(() => undefined);
export const useFocusQueue = () => useContext(FocusQueue);

function useQueueTitle(key: string): string {
  const translate = useTranslate();
  const { total } = useListContext();
  const atLeast = useTotalAtLeast();
  return translate(key, { count: atLeast ? translate('app.members.at_least', { count: total }) : (total ?? 0) });
}

/** The page's title in the app bar, read from the list's total. */
function AppBarTitle({ title }: { title: string }) {
  return <>{useQueueTitle(title)}</>;
}

function Header({
  title,
  counted,
  actions,
  aside,
  headingRef,
}: Pick<QueueListProps<RaRecord>, 'title' | 'counted' | 'actions' | 'aside'> & {
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const translate = useTranslate();
  const text = useQueueTitle(title);
  const { total } = useListContext();
  const loading = counted !== false && total === undefined;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, my: 2 }}>
      {/* While loading, a hidden copy of the title keeps its width, so what is beside it does not wrap when the count arrives. */}
      <Box sx={{ display: 'grid' }}>
        <Typography ref={headingRef} tabIndex={-1} variant="h5" component="h1" sx={{ gridArea: '1 / 1' }}>
          {loading ? translate('app.loading') : text}
        </Typography>
        {loading && aside && (
          <Typography variant="h5" component="span" aria-hidden sx={{ gridArea: '1 / 1', visibility: 'hidden' }}>
            {text}
          </Typography>
        )}
      </Box>
      {aside}
      {actions && <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, width: '100%' }}>{actions}</Box>}
    </Box>
  );
}

function QueueTable<T extends RaRecord>({ empty, rowClick, children }: Pick<QueueListProps<T>, 'empty' | 'rowClick' | 'children'>) {
  const translate = useTranslate();
  const { error } = useListContext();
  if (error) return <Alert severity="error">{translate('app.errors.generic')}</Alert>;
  return (
    <Paper sx={{ overflowX: 'auto' }}>
      <DataTable<T> rowClick={rowClick ?? false} bulkActionButtons={false} empty={<Typography sx={{ p: 3 }}>{translate(empty)}</Typography>}>
        {children}
      </DataTable>
    </Paper>
  );
}

/**
 * react-admin's list page as <List> draws it for a queue or a list with its own filter bar (no
 * filter form, no actions, never its empty page): the same classes and styles, on ListBase.
 * <List> itself imports its filter form (the form library), its default actions and empty page
 * into every list's first load.
 */
const ListRoot = styled('div', { name: 'RaList', overridesResolver: (_props, styles) => styles.root })(({ theme }) => ({
  display: 'flex',
  '& .RaList-main': { flex: '1 1 auto', display: 'flex', flexDirection: 'column', marginTop: '1em' },
  '& .RaList-content': { position: 'relative', [theme.breakpoints.down('sm')]: { boxShadow: 'none' }, overflow: 'inherit' },
}));

export function QueuePage({ title, words, children }: { title: ReactNode; words?: PageWords; children: ReactNode }) {
  const { defaultTitle, isPaused, isPending, isPlaceholderData, resource } = useListContext();
  const offline = isPaused && (isPending || isPlaceholderData);
  return (
    <ListRoot className="list-page" sx={LIST_FITS}>
      <Title title={title} defaultTitle={defaultTitle} preferenceKey={`${resource}.list.title`} />
      <div className="RaList-main RaList-noActions">
        <div className="RaList-content">{offline ? <Offline /> : children}</div>
        <MemberPagination words={words} />
      </div>
    </ListRoot>
  );
}

export function QueueList<T extends RaRecord>({
  resource,
  title,
  counted,
  empty,
  sort,
  actions,
  aside,
  search = true,
  filters,
  filterDefaultValues,
  rowClick,
  rowHeight,
  refreshOnFocus = false,
  staleTime,
  children,
}: QueueListProps<T>) {
  const heading = useRef<HTMLHeadingElement>(null);
  const focus = useMemo(() => () => heading.current?.focus(), []);
  return (
    <ListBase<T>
      resource={resource}
      authLoading={<LoadingContent />}
      perPage={25}
      sort={sort}
      filterDefaultValues={filterDefaultValues}
      queryOptions={{ refetchOnWindowFocus: refreshOnFocus, ...(staleTime === undefined ? {} : { staleTime }) }}
      disableSyncWithLocation
      offline={false}
    >
      <FocusQueue.Provider value={focus}>
        <QueuePage title={<AppBarTitle title={title} />} words="queue">
          <Header title={title} counted={counted} actions={actions} aside={aside} headingRef={heading} />
          {filters ??
            (search && (
              <Box sx={{ mb: 2 }}>
                <MemberSearch />
              </Box>
            ))}
          <ListSpace rowHeight={rowHeight}>
            <QueueTable<T> empty={empty} rowClick={rowClick}>
              {children}
            </QueueTable>
          </ListSpace>
        </QueuePage>
      </FocusQueue.Provider>
    </ListBase>
  );
}
