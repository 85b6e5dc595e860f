/**
 * What the staff tables' buttons do: one create call per new row, one PATCH per changed row and
 * one DELETE per deleted row, then one toast (the spec's) and the lists read again. A failed
 * call shows 'Noe gikk galt!' with the server's reason; rows not saved stay in the table.
 */
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import { toBody, type InstrumentRow } from '../../common/instrument-rows.ts';
import { useToast } from '../toast.tsx';

const reasonOf = (result: PromiseSettledResult<unknown>) =>
  result.status === 'rejected' ? (result.reason as Error)?.message : undefined;

export function useInstrumentSaves(memberId: Identifier, refresh: () => Promise<unknown>) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const toast = useToast();
  const translate = useTranslate();

  const failed = (results: PromiseSettledResult<unknown>[]) => {
    const reasons = [...new Set(results.map(reasonOf).filter(Boolean))];
    toast.error([translate('app.instruments.failed'), ...reasons].join(' '));
  };

  const saveNew = async (rows: InstrumentRow[]): Promise<string[]> => {
    const results = await Promise.allSettled(rows.map((row) => dataProvider.createInstrument(memberId, toBody(row), row.status)));
    const unsaved = rows.filter((_, index) => results[index].status === 'rejected').map((row) => row.key);
    if (unsaved.length === 0) toast.success('app.instruments.created');
    else failed(results);
    await refresh();
    return unsaved;
  };

  const saveChanges = async (changed: InstrumentRow[], deleted: InstrumentRow[]): Promise<void> => {
    const results = await Promise.allSettled([
      ...changed.map((row) => dataProvider.updateInstrument(row.id!, toBody(row))),
      ...deleted.map((row) => dataProvider.deleteInstrument(row.id!)),
    ]);
    if (results.some((result) => result.status === 'rejected')) failed(results);
    else toast.success(changed.length === 0 ? 'app.instruments.deleted_toast' : 'app.instruments.updated');
    await refresh();
  };

  return { saveNew, saveChanges };
}
