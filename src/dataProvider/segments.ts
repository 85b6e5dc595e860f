/** Groups of members ('Utvalg'): the live count of a filter not yet saved, for useDataProvider(). */
import { http } from '../common/http.ts';
import { unwrap } from './errors.ts';
import type { SegmentCount, SegmentFilter } from '../../server/schemas/segments.ts';

export type { Segment, SegmentCount, SegmentFilter } from '../../server/schemas/segments.ts';

export const segmentMethods = {
  /** How many members the filter holds now, and up to 10 of them. */
  async countSegmentFilter(filter: SegmentFilter, signal?: AbortSignal): Promise<SegmentCount> {
    return unwrap(await http.post<{ data: SegmentCount }>('/api/segment/count', { filter }, { signal })).data;
  },
};

export type SegmentMethods = typeof segmentMethods;
