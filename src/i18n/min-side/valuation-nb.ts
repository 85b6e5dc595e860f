/** The valuation chip's texts on Min side in bokmål (English: valuation-en.ts, same keys by its type). */
export const valuationNb = {
  column: 'DOKUMENTASJON',
  missingAppraisal: 'Mangler takst',
  missingReceipt: 'Mangler kvittering eller takst',
  expiring: (date: string) => `Takst utløper ${date}`,
  expired: (date: string) => `Takst utløpt ${date}`,
};

export type ValuationTexts = typeof valuationNb;
