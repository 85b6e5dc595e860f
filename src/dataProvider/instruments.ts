/**
 * The instrument calls of the staff app that are not one row's create, change or delete (those go
 * through react-admin's hooks on the registry's `instruments` resource): a member's lists,
 * accept/reject, export and import.
 */
import type { Identifier } from 'react-admin';
import { download, http } from '../common/http.ts';
import { unwrap } from './errors.ts';
import { exportFilename, formatQuery, type ExportFormat } from './exports.ts';
import type { Instrument, MemberInstruments, RejectValues } from './types.ts';

export const instrumentMethods = {
  async memberInstruments(memberId: Identifier): Promise<MemberInstruments> {
    return unwrap(await http.get<{ data: MemberInstruments }>(`/api/member/${memberId}/instrument`)).data;
  },

  /** Several instruments of one member in one call: all are accepted, or none (409 names why). */
  async acceptInstruments(memberId: Identifier, ids: Identifier[]): Promise<Instrument[]> {
    return unwrap(await http.post<{ data: Instrument[] }>('/api/instrument/accept', { member_id: Number(memberId), instruments: ids.map(Number) })).data;
  },

  async rejectInstrument(id: Identifier, values: RejectValues): Promise<Instrument[]> {
    return unwrap(await http.post<{ data: Instrument[] }>(`/api/instrument/reject/${id}`, values)).data;
  },

  async rejectInstruments(memberId: Identifier, ids: Identifier[], values: RejectValues): Promise<Instrument[]> {
    return unwrap(
      await http.post<{ data: Instrument[] }>('/api/instrument/reject', {
        member_id: Number(memberId),
        instruments: ids.map(Number),
        ...values,
      }),
    ).data;
  },

  async exportInstruments(memberId: Identifier, format: ExportFormat = 'csv'): Promise<void> {
    unwrap(
      await download(`/api/member/${memberId}/instrument/export`, exportFilename('instrument_liste.csv', format), {
        'filter[status]': 1,
        ...formatQuery(format),
      }),
    );
  },

  /** Uploads the filled-in template; the server creates every row or none. */
  async importInstruments(memberId: Identifier, file: File): Promise<void> {
    const form = new FormData();
    form.append('file', file);
    unwrap(await http.post(`/api/member/${memberId}/instrument/import`, form));
  },
};

export type InstrumentMethods = typeof instrumentMethods;
