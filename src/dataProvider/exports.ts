/** Every export route answers its CSV, or with format=xlsx the same rows as a spreadsheet named like the CSV. */
export type ExportFormat = 'csv' | 'xlsx';

export const exportFilename = (csvFilename: string, format: ExportFormat): string => (format === 'xlsx' ? csvFilename.replace(/\.csv$/, '.xlsx') : csvFilename);

export const formatQuery = (format: ExportFormat): Record<string, string> => (format === 'xlsx' ? { format: 'xlsx' } : {});
