import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AdminCreateError, createStaffAccount } from '../../server/scripts/admin-create.ts';
import { resetDemoData } from '../../server/scripts/demo-reset.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { verifyPassword } from '../../server/lib/passwords.ts';
import { buildTestApp, createAccount, login, migratedDataDir, uniqueEmail, type TestContext } from './helpers.ts';
import { GUITAR, createInstrument } from './factories-member-admin.ts';
import { createDocument, storedFiles } from './factories-documents.ts';

const root = path.resolve(import.meta.dirname, '../..');

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const signIn = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });

describe('admin:create', () => {
  it('creates a staff user with a strong random password who can sign in', async () => {
    const email = uniqueEmail('kari.nordmann');
    const created = await createStaffAccount(t.db, { email, role_id: 4, first_name: 'Kari', last_name: 'Nordmann' });
    expect(created.password.length).toBeGreaterThanOrEqual(20);
    const response = await signIn(email, created.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user_id: created.id, role: { id: 4 }, first_name: 'Kari', last_name: 'Nordmann' });
  });

  it('makes an administrator (role 5) by default, with names from the e-mail and the password given', async () => {
    const email = 'per.olav.hansen@example.no';
    const created = await createStaffAccount(t.db, { email, password: 'et-langt-passord' });
    expect(created.password).toBe('et-langt-passord');
    expect((await signIn(email, 'et-langt-passord')).json()).toMatchObject({ role: { id: 5 }, first_name: 'Per', last_name: 'Olav Hansen' });
  });

  it('refuses an e-mail that exists, whatever its case, and changes nothing', async () => {
    const existing = await createAccount(t.db, { role_id: 2 });
    const attempt = createStaffAccount(t.db, { email: existing.email.toUpperCase() });
    await expect(attempt).rejects.toThrow(AdminCreateError);
    await expect(attempt).rejects.toThrow(/finnes allerede en konto/);
    await login(t.app, existing.email, existing.password);
    const rows = await t.db.query('SELECT role_id FROM accounts WHERE lower(email) = lower($1)', [existing.email]);
    expect(rows).toEqual([{ role_id: 2 }]);
  });

  it('refuses an invalid e-mail, a member role and a short password', async () => {
    await expect(createStaffAccount(t.db, { email: 'ikke-en-adresse' })).rejects.toThrow('er ikke en gyldig e-postadresse');
    await expect(createStaffAccount(t.db, { email: uniqueEmail(), role_id: 2 })).rejects.toThrow('Rollen må være 3, 4 eller 5.');
    await expect(createStaffAccount(t.db, { email: uniqueEmail(), password: 'kort' })).rejects.toThrow('Passord må være minst 8 tegn');
  });

  // Two processes of their own, each opening the database: bounded for a machine under load.
  it('as a command: shows the password once, and exits with 1 on a duplicate', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'admin-create-'));
    await migratedDataDir(dataDir);
    const run = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          path.join(root, 'node_modules/.bin/node'),
          [path.join(root, 'server/scripts/admin-create.ts'), ...args],
          { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
          (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
        );
      });
    try {
      const first = await run(['--email', 'sjef@example.no', '--role', '5']);
      expect(first.code).toBe(0);
      const password = /Passord[^:]*: (\S+)/.exec(first.stdout)?.[1];
      expect(password).toMatch(/^[A-Za-z0-9]{20,}$/);
      expect(first.stdout.split(password!).length).toBe(2);

      const again = await run(['--email', 'sjef@example.no']);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('Det finnes allerede en konto med e-postadressen sjef@example.no');

      const db = await openPglite({ dataDir });
      try {
        const [row] = await db.query<{ role_id: number; password_hash: string }>("SELECT role_id, password_hash FROM accounts WHERE email = 'sjef@example.no'");
        expect(row.role_id).toBe(5);
        expect(await verifyPassword(row.password_hash, password!)).toBe(true);
      } finally {
        await db.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('demo:reset', () => {
  it('replaces all data with the demo data set and keeps the reference data', async () => {
    const stray = await createAccount(t.db, { role_id: 2, remote_id: 99999 });
    await t.db.query("UPDATE email_templates SET title = 'Velkommen til oss!' WHERE slug = 'welcome'");
    const photo = await createDocument(t.services, await createInstrument(t.db, { member_id: stray.id, instrument_category: GUITAR }));
    expect(await storedFiles(t.config.dataDir)).toHaveLength(2);
    await resetDemoData(t.db, t.services.documents);
    expect(await t.db.query('SELECT id FROM accounts WHERE email = $1', [stray.email])).toEqual([]);
    // The documents' stored files went with their rows.
    expect(await t.db.query('SELECT 1 FROM documents WHERE id = $1', [photo.id])).toEqual([]);
    expect(await storedFiles(t.config.dataDir)).toEqual([]);
    const [numbers] = await t.db.query<{ min: number }>('SELECT min(remote_id)::int AS min FROM accounts');
    expect(numbers.min).toBe(10001);
    const [{ n }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
    expect(n).toBe(4);
    expect(await t.db.query("SELECT title FROM email_templates WHERE slug = 'welcome'")).toEqual([{ title: 'Velkommen til oss!' }]);
    const staff = await signIn('ansatt@example.no', 'demo1234');
    expect(staff.statusCode).toBe(200);
    // The roles keep their rights: the demo's administrator may administer staff, the case worker may not export.
    const rightsOf = async (email: string) => {
      const token = (await signIn(email, 'demo1234')).json().access_token as string;
      const answer = await t.app.inject({ method: 'GET', url: '/api/user/rights', headers: { authorization: `Bearer ${token}` } });
      return answer.json().data.rights as string[];
    };
    expect(await rightsOf('ansatt@example.no')).toContain('staff.administer');
    const caseWorker = await rightsOf('thomas.lie@example.no');
    expect(caseWorker).toContain('members.read');
    expect(caseWorker).not.toContain('members.export');
  });
});
