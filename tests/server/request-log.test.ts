import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { buildApp } from '../../server/app.ts';
import { createServices } from '../../server/plugins/services.ts';
import { logSerializers } from '../../server/logging.ts';
import { freshDatabase, testConfig, type TestDatabase } from './helpers.ts';

let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp(createServices(testConfig(), database.db), { logger: { level: 'info', stream, serializers: logSerializers } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('the request log', () => {
  it('writes one line per answered request, with its method, address, status and time', async () => {
    const answers = [await app.inject({ url: '/api/health' }), await app.inject({ url: '/api/member/list' })];
    for (const answer of answers) {
      const id = answer.headers['x-request-id'];
      const own = lines.filter((line) => line.reqId === id);
      expect(own).toHaveLength(1);
      expect(own[0]).toMatchObject({ msg: 'request completed', req: { method: 'GET' }, res: { statusCode: answer.statusCode } });
      expect(typeof own[0].responseTime).toBe('number');
    }
    expect(lines.find((line) => line.reqId === answers[1].headers['x-request-id'])).toMatchObject({
      req: { url: '/api/member/list' },
      res: { statusCode: 401 },
    });
  });
});
