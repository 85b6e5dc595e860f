/**
 * yazl checksums every zip entry with buffer-crc32, a table walked in JavaScript: an .xlsx export
 * spent about a quarter of what it costs beyond the CSV of the same rows there. Node's own
 * `zlib.crc32` gives the same sums natively, so yazl's copy of buffer-crc32 is pointed at it
 * (the one function yazl calls; importing this module once is enough). The sums stay what every
 * zip reader checks: tests/server/xlsx-package.test.ts reads the packages back with Python's zipfile.
 */
import { createRequire } from 'node:module';
import { crc32 } from 'node:zlib';

interface BufferCrc32 {
  unsigned(data: Buffer, previous?: number): number;
}

const yazlRequire = createRequire(createRequire(import.meta.url).resolve('yazl'));
const bufferCrc32 = yazlRequire('buffer-crc32') as BufferCrc32;
bufferCrc32.unsigned = (data, previous = 0) => crc32(data, previous);
