/**
 * What the staff tables' buttons do: one create call per new row, one PATCH per changed row and
 * one DELETE per deleted row (react-admin's hooks on the `instruments` resource), then one toast
 * (the spec's) and the lists read again. A failed call shows 'Noe gikk galt!' with the server's
 * reason; rows not saved stay in the table.
 */
import { useMutation } from '@tanstack/react-query';
import { useCreate, useDelete, useTranslate, useUpdate, type Identifier } from 'react-admin';
import type { Instrument } from '../../dataProvider/index.ts';
import { toBody, type InstrumentRow } from '../../common/instrument-rows.ts';
import { useToast } from '../toast.tsx';
import '../../i18n/app/instruments-pages-nb.ts';

const reasonOf = (result: PromiseSettledResult<unknown>) => (result.status === 'rejected' ? (result.reason as Error)?.message : undefined);

export function useInstrumentSaves(memberId: Identifier, refresh: () => Promise<unknown>) {
  const [create] = useCreate<Instrument>();
  const [update] = useUpdate<Instrument>();
  const [remove] = useDelete<Instrument>();
  const toast = useToast();
  const translate = useTranslate();

  const failed = (results: PromiseSettledResult<unknown>[]) => {
    const reasons = [...new Set(results.map(reasonOf).filter(Boolean))];
    toast.error([translate('app.instruments.failed'), ...reasons].join(' '));
  };

  // Each batch is one mutation over its rows' calls: one toast follows it, and once it settles the
  // lists built from other answers (see useMemberInstruments' refresh) are read again.
  const { mutateAsync: createRows } = useMutation({
    mutationFn: (rows: InstrumentRow[]) =>
      Promise.allSettled(
        rows.map((row) =>
          create(
            'instruments',
            {
              data: { ...toBody(row), member_id: Number(memberId), status: row.status },
            },
            { returnPromise: true },
          ),
        ),
      ),
    onSuccess: (results) => {
      if (results.every((result) => result.status === 'fulfilled')) toast.success('app.instruments.created');
      else failed(results);
    },
    onSettled: refresh,
  });
  const { mutateAsync: changeRows } = useMutation({
    mutationFn: ({ changed, deleted }: { changed: InstrumentRow[]; deleted: InstrumentRow[] }) =>
      Promise.allSettled([
        ...changed.map((row) => update('instruments', { id: row.id!, data: toBody(row) }, { returnPromise: true })),
        ...deleted.map((row) => remove('instruments', { id: row.id! }, { returnPromise: true })),
      ]),
    onSuccess: (results, { changed }) => {
      if (results.some((result) => result.status === 'rejected')) failed(results);
      else toast.success(changed.length === 0 ? 'app.instruments.deleted_toast' : 'app.instruments.updated');
    },
    onSettled: refresh,
  });

  /** Resolves to the keys of the new rows that were not saved. */
  const saveNew = async (rows: InstrumentRow[]): Promise<string[]> => {
    const results = await createRows(rows);
    return rows.filter((_, index) => results[index].status === 'rejected').map((row) => row.key);
  };

  const saveChanges = async (changed: InstrumentRow[], deleted: InstrumentRow[]): Promise<void> => {
    await changeRows({ changed, deleted });
  };

  return { saveNew, saveChanges };
}
