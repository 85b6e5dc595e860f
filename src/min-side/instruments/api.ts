/** Min side's instrument calls, typed with the server's schemas (types only). */
import { http } from '../../common/http.ts';
import type { Instrument, InstrumentNewBody, MemberInstruments } from '../../../server/schemas/instruments.ts';
import type { InstrumentCategory } from '../../../server/schemas/reference.ts';

export type { Instrument, MemberInstruments } from '../../../server/schemas/instruments.ts';
export type { InstrumentCategory } from '../../../server/schemas/reference.ts';

/** What a member sends for one instrument: the new-instrument body's own fields. */
export type InstrumentFields = Required<Pick<InstrumentNewBody, 'instrument_category' | 'make' | 'model' | 'serial_number' | 'value'>>;

export const instrumentApi = {
  list: (memberId: number) => http.get<{ data: MemberInstruments }>(`/api/member/${memberId}/instrument`),
  categories: () => http.get<{ data: InstrumentCategory[] }>('/api/instrument/category/list'),
  create: (memberId: number, fields: InstrumentFields) => http.post<{ data: Instrument }>('/api/instrument/new', { ...fields, member_id: memberId }),
  change: (id: number, fields: InstrumentFields) => http.patch<{ data: Instrument }>(`/api/instrument/${id}`, fields),
  remove: (id: number) => http.delete<{ data: Instrument | null }>(`/api/instrument/${id}`),
};
