/**
 * Compression over real HTTP: a JSON answer built whole is compressed in one call and sent with
 * its length (not as a chunked stream); a small one goes as it is; a CSV export still streams.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, SYNC_COMPRESS_BYTES } from '../../server/app.ts';
import { EXPORT_BATCH_SIZE } from '../../server/domain/shared/export-batches.ts';
import { bearer, buildTestApp, createAccount, login, type TestContext } from './helpers.ts';

let ctx: TestContext;
let base: string;
let token: string;

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire, still encoded. */
  body: Buffer;
}

/** A GET whose answer is read as sent: no decoding, so the test sees the encoding and framing. */
function get(path: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

const decode = (raw: Raw): string => {
  const encoding = raw.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(raw.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(raw.body).toString('utf8');
  return raw.body.toString('utf8');
};

beforeAll(async () => {
  ctx = await buildTestApp();
  await ctx.db.query(
    `INSERT INTO accounts (role_id, email, first_name, last_name, registration_completed, address, postal_code, postal_area)
     SELECT 2, 'komprimert' || n || '@example.no', 'Komprimert', 'Medlem ' || n, 1, 'Storgata ' || n, '0155', 'OSLO'
       FROM generate_series(1, $1::int) AS n`,
    [EXPORT_BATCH_SIZE + 50],
  );
  const staff = await createAccount(ctx.db, { role_id: 5 });
  token = await login(ctx.app, staff.email, staff.password);
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('compression', () => {
  const bigList = '/api/member/list?page=1&per_page=100';

  it('compresses a JSON answer of tens of kilobytes in one piece, with its length, to the same body', async () => {
    const plain = await get(bigList, { ...bearer(token), 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Big enough that the plugin's own default (8 KB on two cores, 4 KB on more) would stream it.
    expect(plain.body.length).toBeGreaterThan(16 * 1024);
    expect(plain.body.length).toBeLessThan(SYNC_COMPRESS_BYTES);
    const expected = JSON.parse(plain.body.toString('utf8')) as { data: unknown[] };
    expect(expected.data).toHaveLength(100);

    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const packed = await get(bigList, { ...bearer(token), 'accept-encoding': accept });
      expect(packed.status).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.vary).toContain('accept-encoding');
      // Compressed whole: the length is known and sent, so the answer is not a chunked stream.
      expect(packed.headers['transfer-encoding']).toBeUndefined();
      expect(Number(packed.headers['content-length'])).toBe(packed.body.length);
      expect(packed.body.length).toBeLessThan(plain.body.length / 4);
      expect(JSON.parse(decode(packed))).toEqual(expected);
    }
  });

  it('sends a small answer as it is', async () => {
    const small = await get('/api/health', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(Number(small.headers['content-length'])).toBe(small.body.length);
    expect((JSON.parse(small.body.toString('utf8')) as { status: string }).status).toBe('ok');
  });

  it("sends the member list's page of 25 as it is: with its headers it fits in a connection's first flight", async () => {
    const page = await get('/api/member/list?page=1&per_page=25', { ...bearer(token), 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(Number(page.headers['content-length'])).toBe(page.body.length);
    expect(page.body.length).toBeGreaterThan(4 * 1024);
    const headerBytes = Object.entries(page.headers).reduce((sum, [name, value]) => sum + name.length + String(value).length + 4, 0);
    // Ten segments of 1 448 bytes (TCP's initial window with timestamps), the status line and headers included.
    expect(page.body.length + headerBytes + 20).toBeLessThan(10 * 1448);
    expect(page.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect((JSON.parse(page.body.toString('utf8')) as { data: unknown[] }).data).toHaveLength(25);
  });

  it('still streams a CSV export, compressed as it goes', async () => {
    const csv = await get('/api/member/list/export', { ...bearer(token), 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-encoding']).toBe('br');
    expect(csv.headers['transfer-encoding']).toBe('chunked');
    expect(csv.headers['content-length']).toBeUndefined();
    const lines = decode(csv).trim().split('\r\n');
    expect(lines.length).toBeGreaterThan(EXPORT_BATCH_SIZE + 50);
  });
});
