import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { readCsv } from '../../server/lib/spreadsheet.ts';
import { MEMBER_IMPORT_LIMITS, MEMBER_IMPORT_MESSAGES } from '../../server/domain/members/member-import-limits.ts';

/** A register of `rows` members; every seventh address is quoted and holds the separator and a line break. */
function register(rows: number): string {
  const lines = ['Medlemsnummer;Fornavn;Etternavn;Adresse;Postnummer'];
  for (let i = 1; i <= rows; i += 1) {
    const address = i % 7 === 0 ? `"Storgata ${i}; oppgang B\nleil. ""H0${i % 10}"""` : `Storgata ${i}`;
    lines.push(`${1000 + i};Fornavn${i};Etternavn${i};${address};0${150 + (i % 800)}`);
  }
  return lines.join('\r\n');
}

describe('reading a large CSV', () => {
  it('answers other work while it reads, and reads every row as one pass would', async () => {
    const text = register(30_000);
    let turns = 0;
    const timer = setInterval(() => {
      turns += 1;
    }, 1);
    const sheet = await readCsv(Buffer.from(text, 'utf8'), MEMBER_IMPORT_LIMITS, MEMBER_IMPORT_MESSAGES).finally(() => clearInterval(timer));

    expect(turns).toBeGreaterThan(1);
    const whole = Papa.parse<string[]>(text, { delimiter: ';' }).data.map((cells) => cells.map((cell) => cell.trim()));
    expect(sheet.rows).toHaveLength(30_001);
    expect(sheet.rows.map((row) => row.cells)).toEqual(whole);
    expect(sheet.rows.map((row) => row.number)).toEqual(whole.map((_, index) => index + 1));
    expect(sheet.rows[7].cells).toEqual(['1007', 'Fornavn7', 'Etternavn7', 'Storgata 7; oppgang B\nleil. "H07"', '0157']);
    expect(sheet.rows[30_000].cells[0]).toBe('31000');
  });

  it('still refuses a file past the row limit, with nothing read', async () => {
    const text = register(MEMBER_IMPORT_LIMITS.rows + 1);
    await expect(readCsv(Buffer.from(text, 'utf8'), MEMBER_IMPORT_LIMITS, MEMBER_IMPORT_MESSAGES)).rejects.toMatchObject({
      body: { message: MEMBER_IMPORT_MESSAGES.tooManyRows },
    });
  });
});
