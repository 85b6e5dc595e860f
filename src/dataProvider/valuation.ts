/** The valuation rules ('Innstillinger' → 'Takst og dokumentasjon'). */
import { http } from '../common/http.ts';
import type { Valuation, ValuationSettings } from '../../server/schemas/valuation.ts';
import type { InstrumentListItem } from '../../server/schemas/instruments.ts';
import { unwrap } from './errors.ts';

export type { InstrumentListItem, Valuation, ValuationSettings };

export interface ValuationMethods {
  valuationSettings(): Promise<ValuationSettings>;
  /** All five values at once; a refused value answers 422 with its field. */
  saveValuationSettings(body: ValuationSettings): Promise<ValuationSettings>;
}

export const valuationMethods: ValuationMethods = {
  async valuationSettings() {
    return unwrap(await http.get<{ data: ValuationSettings }>('/api/valuation-settings')).data;
  },
  async saveValuationSettings(body) {
    return unwrap(await http.put<{ data: ValuationSettings }>('/api/valuation-settings', body)).data;
  },
};
