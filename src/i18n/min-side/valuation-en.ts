/** The valuation chip's texts on Min side in English. */
import type { ValuationTexts } from './valuation-nb.ts';

export const valuationEn: ValuationTexts = {
  column: 'DOCUMENTATION',
  missingAppraisal: 'Appraisal missing',
  missingReceipt: 'Receipt or appraisal missing',
  expiring: (date: string) => `Appraisal expires ${date}`,
  expired: (date: string) => `Appraisal expired ${date}`,
};
