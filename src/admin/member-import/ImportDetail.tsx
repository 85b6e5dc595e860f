/**
 * One import: the preview (counts, the column mapping, the rows with errors and the duplicates
 * with a decision each), then the commit with its progress (staff may leave and come back), the
 * result, and undo for 30 days.
 */
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useDataProvider, useGetOne, useTranslate, useUpdate } from 'react-admin';
import { useMutation } from '@tanstack/react-query';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import type { ImportChange } from '../../dataProvider/member-import.ts';
import type { MemberImport } from '../../dataProvider/types.ts';
import { PageTitle } from '../settings/PageTitle.tsx';
import { Duplicates } from './ImportDuplicates.tsx';
import { Errors } from './ImportErrors.tsx';
import { Mapping } from './ImportMapping.tsx';
import { Running, UndoButton } from './ImportProgress.tsx';
import { Sample } from './ImportSample.tsx';
import '../../i18n/app/member-import-pages-nb.ts';

/** Something to write besides the rows in error: 'Importer resten' has work to do. */
const hasWork = (item: MemberImport) =>
  item.summary.new + item.summary.update + (item.summary.instruments ?? 0) + (item.summary.travel ?? 0) + (item.summary.invoices ?? 0) > 0;

function Counts({ item }: { item: MemberImport }) {
  const translate = useTranslate();
  const counts: [string, number | undefined][] = [
    ['rows', item.summary.rows],
    ['new', item.summary.new],
    ['update', item.summary.update],
    ['duplicate', item.summary.duplicate],
    ['error', item.summary.error],
    ['instruments', item.summary.instruments],
    ['travel', item.summary.travel],
    ['invoices', item.summary.invoices],
    ['invoices_existing', item.summary.invoices_existing || undefined],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(auto-fill, minmax(9rem, 1fr))' }, gap: 2, m: 0 }}>
      {counts
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => (
          <Box key={key}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {translate(`app.member_import.summary.${key}`)}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }} data-count={key}>
              {value}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

export function ImportDetail() {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [welcome, setWelcome] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A running commit or undo is followed every second until it is done, also after staff come back to the page.
  const {
    data: item,
    error: loadError,
    refetch,
  } = useGetOne<MemberImport>(
    'member-imports',
    { id: Number(id) },
    {
      refetchInterval: (query) => (query.state.data?.state === 'running' || query.state.data?.state === 'undoing' ? 1000 : false),
    },
  );
  const [update, { isPending: changing }] = useUpdate<MemberImport>();
  const failed = (error: unknown) => setFailure(error instanceof Error ? error.message : String(error));
  const followUp = () => {
    setFailure(null);
    void refetch();
  };
  const commit = useMutation({ mutationFn: (skipErrors: boolean) => dataProvider.commitImport(id, welcome, skipErrors), onSuccess: followUp, onError: failed });
  const undo = useMutation({ mutationFn: () => dataProvider.undoImport(id), onSuccess: followUp, onError: failed });
  const busy = changing || commit.isPending || undo.isPending;

  const change = (body: ImportChange) => {
    if (!item) return;
    update(
      'member-imports',
      { id: item.id, data: body, previousData: item },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => setFailure(null),
        onError: failed,
      },
    );
  };
  const error = failure ?? loadError?.message ?? null;

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <PageTitle label="app.member_import.title">
        <Link component={RouterLink} to="/member-import">
          {translate('app.member_import.back')}
        </Link>
      </PageTitle>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      {item && (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {item.file_name} · {translate(`app.member_import.states.${item.state}`)}
            </Typography>
            <Counts item={item} />
            {item.state === 'preview' && (
              <>
                <Mapping item={item} onChange={(mapping) => change({ mapping })} />
                <Sample item={item} />
                <Errors item={item} />
                <Duplicates
                  item={item}
                  onDecide={(row, action) => change({ decisions: [{ row, action }] })}
                  onAll={(action) => change({ default_action: action })}
                />
                <Box component="section" sx={{ mt: 3 }}>
                  <FormControlLabel
                    control={<Checkbox checked={welcome} onChange={(event) => setWelcome(event.target.checked)} />}
                    label={translate('app.member_import.commit.welcome')}
                  />
                  {item.summary.error > 0 && (
                    <Alert severity="warning" sx={{ my: 1 }}>
                      {translate('app.member_import.commit.blocked')}
                    </Alert>
                  )}
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
                    <Button variant="contained" size="large" disabled={busy || item.summary.error > 0} onClick={() => commit.mutate(false)}>
                      {translate('app.member_import.commit.button')}
                    </Button>
                    {item.summary.error > 0 && (
                      <Button variant="outlined" size="large" disabled={busy || !hasWork(item)} onClick={() => commit.mutate(true)}>
                        {translate('app.member_import.commit.skip_errors', { smart_count: item.summary.error })}
                      </Button>
                    )}
                  </Box>
                </Box>
              </>
            )}
            {item.state === 'running' && <Running item={item} work="commit" />}
            {item.state === 'undoing' && <Running item={item} work="undo" />}
            {item.state === 'undoing' && item.error && (
              <Alert severity="warning" sx={{ mt: 1 }}>
                {item.error}
              </Alert>
            )}
            {item.state === 'failed' && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {translate('app.member_import.commit.failed', { error: item.error ?? '' })}
              </Alert>
            )}
            {item.state === 'done' && (
              <Box role="status" sx={{ mt: 2 }}>
                <Alert severity="success">
                  {translate('app.member_import.commit.done', item.summary)}
                  {item.summary.invoices ? ` ${translate('app.member_import.commit.done_invoices', { smart_count: item.summary.invoices })}` : ''}
                </Alert>
                {item.summary.error > 0 && (
                  <Alert severity="info" sx={{ mt: 1 }}>
                    {translate('app.member_import.commit.done_skipped', { smart_count: item.summary.error })}
                  </Alert>
                )}
                <Link component={RouterLink} to="/membership" sx={{ display: 'inline-block', mt: 1 }}>
                  {translate('app.member_import.commit.to_overview')}
                </Link>
                <UndoButton item={item} busy={busy} onUndo={() => undo.mutateAsync()} />
              </Box>
            )}
            {item.state === 'done' && item.summary.error > 0 && <Errors item={item} />}
            {item.state === 'undone' && item.summary.undo && (
              <Box role="status" sx={{ mt: 2 }}>
                <Alert severity="info">{translate('app.member_import.undo.done', { undone: item.summary.undo.undone })}</Alert>
                {item.summary.undo.kept.length > 0 && (
                  <>
                    <Typography sx={{ mt: 1 }}>{translate('app.member_import.undo.kept')}</Typography>
                    <Box component="ul">
                      {item.summary.undo.kept.map((kept) => (
                        <li key={kept.member_id}>
                          <Link component={RouterLink} to={`/membership/edit/${kept.member_id}`}>
                            {kept.name}
                          </Link>
                          : {kept.reason}
                        </li>
                      ))}
                    </Box>
                  </>
                )}
              </Box>
            )}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}

export default ImportDetail;
