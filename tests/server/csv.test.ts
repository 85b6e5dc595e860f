import { describe, expect, it } from 'vitest';
import { csvCell, csvChunks, csvLine, type CsvColumn } from '../../server/lib/csv.ts';

async function* batchesOf<T>(...batches: T[][]) {
  for (const batch of batches) yield batch;
}

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let out = '';
  for await (const chunk of chunks) out += chunk;
  return out;
}

describe('csv', () => {
  it('quotes fields that hold the separator, quotes or line breaks', () => {
    expect(csvCell('Storgata 1; 2. etg')).toBe('"Storgata 1; 2. etg"');
    expect(csvCell('Han sa "hei"')).toBe('"Han sa ""hei"""');
    expect(csvCell('linje 1\nlinje 2')).toBe('"linje 1\nlinje 2"');
    expect(csvCell('Blåbærsyltetøy')).toBe('Blåbærsyltetøy');
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=cmd|" /C calc"!A0')).toBe(`"'=cmd|"" /C calc""!A0"`);
    expect(csvCell('+47 99')).toBe("'+47 99");
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tfane')).toBe("'\tfane");
    expect(csvCell('\rretur')).toBe(`"'\rretur"`);
    expect(csvCell(-5)).toBe('-5');
  });

  it('writes empty cells for null and Ja/Nei for booleans, CRLF line ends', () => {
    expect(csvLine([null, undefined, true, false, 12])).toBe(';;Ja;Nei;12\r\n');
  });

  it('starts with the BOM and header and writes every batch in order', async () => {
    const columns: CsvColumn<{ name: string; n: number }>[] = [
      { header: 'Navn', value: (row) => row.name },
      { header: 'Antall', value: (row) => row.n },
    ];
    const out = await text(csvChunks(columns, batchesOf([{ name: 'Ærlig Øyvind', n: 1 }], [], [{ name: 'Åse', n: 2 }])));
    expect(out).toBe('\uFEFFNavn;Antall\r\nÆrlig Øyvind;1\r\nÅse;2\r\n');
  });

  it('pulls batches only as the reader asks for them', async () => {
    let produced = 0;
    async function* endless() {
      for (;;) {
        produced += 1;
        yield [{ n: produced }];
      }
    }
    const chunks = csvChunks([{ header: 'n', value: (row: { n: number }) => row.n }], endless());
    await chunks.next();
    await chunks.next();
    await chunks.next();
    await chunks.return(undefined);
    expect(produced).toBe(2);
  });
});
