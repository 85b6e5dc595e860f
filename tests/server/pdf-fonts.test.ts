/**
 * The fonts every PDF is set in are opened once per process and shared by its documents: a
 * document keeps all of its text whatever the documents before it held (read back with
 * poppler's pdftotext, as a member's PDF reader or a screen reader would).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { taggedPdf } from '../../server/lib/pdf.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'pdf-fonts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function textOf(name: string, lines: { font: 'Sans' | 'Sans-Bold' | 'Mono'; text: string }[]): Promise<string> {
  const { doc, finish } = await taggedPdf({ title: name, lang: 'nb', author: 'Musikerportalen' });
  for (const line of lines) doc.font(line.font).fontSize(12).text(line.text);
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, await finish());
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

describe('the fonts shared by the PDFs of one server', () => {
  it('keep every letter of a document made after one whose letters are built from others (Č from C, á from a)', async () => {
    // The first document has 'C' and 'a' only as parts of composed Sámi letters.
    const first = await textOf('first', [
      { font: 'Sans-Bold', text: 'Čáhppes Áŋŋel-Østli' },
      { font: 'Sans', text: 'Čáhppes Áŋŋel-Østli' },
    ]);
    expect(first).toContain('Čáhppes Áŋŋel-Østli');
    const second = await textOf('second', [
      { font: 'Sans-Bold', text: 'Certificate of insurance – travel' },
      { font: 'Sans', text: 'Cecilie Aas, Karasjok' },
      { font: 'Mono', text: 'CA-1234' },
    ]);
    expect(second).toContain('Certificate of insurance – travel');
    expect(second).toContain('Cecilie Aas, Karasjok');
    expect(second).toContain('CA-1234');
  });

  it('embed only their own text: a document holds none of the names of the one before it', async () => {
    await textOf('member-a', [{ font: 'Sans', text: 'Ådne Ørjasæter' }]);
    const other = await textOf('member-b', [{ font: 'Sans', text: 'Kari Nordmann' }]);
    expect(other.trim()).toBe('Kari Nordmann');
  });
});
