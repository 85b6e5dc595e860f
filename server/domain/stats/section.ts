/**
 * What every 'Nøkkeltall' section provides: its figures for a period (read from the counters
 * the writes keep, so a read costs the same at any size), its download as sheets, and the
 * rebuild of its counters from the register's history (`npm run stats:rebuild`).
 */
import type { Database, Queryable } from '../../db/database.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import { xlsxSheet, type XlsxSheet } from '../../lib/xlsx.ts';
import type { StatsAnswer, StatsSectionName } from '../../schemas/stats.ts';
import type { StatsPeriod } from './period.ts';

export interface StatsSection<Answer extends StatsAnswer> {
  name: StatsSectionName;
  /** The download's file name without extension, e.g. 'nokkeltall-medlemmer'. */
  filename: string;
  read(db: Queryable, period: StatsPeriod): Promise<Answer>;
  /** The download: one sheet per table the page shows, headers in Norwegian, money in kroner. */
  sheets(answer: Answer): XlsxSheet[];
  /** Recomputes this section's counters from the rows as they are, in one transaction. */
  rebuild(db: Database): Promise<void>;
}

/** A sheet of rows already in memory (a section's tables are a few hundred rows at most). */
export function sheetOf<Row>(name: string, columns: readonly CsvColumn<Row>[], rows: readonly Row[]): XlsxSheet {
  return xlsxSheet(
    name,
    columns,
    (async function* () {
      yield rows;
    })(),
  );
}

/** The download's name for a period: 'nokkeltall-medlemmer-2026-01-01-2026-11-29.xlsx'. */
export const statsFilename = (section: StatsSection<StatsAnswer>, period: StatsPeriod) => `${section.filename}-${period.from}-${period.to}.xlsx`;
