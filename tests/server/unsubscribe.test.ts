/**
 * The unsubscribe link: opening it changes nothing (mail scanners open links); the mail client's
 * exact one-click request (RFC 8058) and the page's button turn the link's kind off, recorded as a
 * consent change from 'unsubscribe' naming the send; the page sets the member's other choice; a
 * forged or altered token, or an erased member, is a Norwegian 404; the calls are rate limited and
 * never cached. And the names of the optional kinds, which staff with 'outreach.send' set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createAccount, type TestContext } from './helpers.ts';
import { signedIn, signedInStaff } from './factories-member-admin.ts';
import { unsubscribeToken, type OptionalKind } from '../../server/domain/outreach/unsubscribe-token.ts';
import { UNSUBSCRIBES_PER_MINUTE, UNSUBSCRIBE_MESSAGES } from '../../server/domain/outreach/unsubscribe.ts';

let t: TestContext;
let admin: { id: number; token: string };
let outreachId: number;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInStaff(t.app, t.db);
  const [outreach] = await t.db.query<{ id: number }>(
    `INSERT INTO outreaches (kind, channel, subject, body, state) VALUES ('newsletter_2', 'email', 'Vårnytt', '<p>Hei</p>', 'done') RETURNING id`,
  );
  outreachId = outreach.id;
});
afterAll(async () => t?.close());

interface Answer {
  data: { kind: OptionalKind; kind_label: string; kind_label_en: string; consents: { kind: OptionalKind; label: string; label_en: string; given: boolean }[] };
}

async function member(consents: { newsletter_2: boolean; newsletter_3: boolean } = { newsletter_2: true, newsletter_3: true }) {
  const account = await createAccount(t.db, { first_name: 'Avmeld' });
  await t.db.query('UPDATE accounts SET newsletter_2 = $2, newsletter_3 = $3 WHERE id = $1', [account.id, consents.newsletter_2, consents.newsletter_3]);
  return account.id;
}

const tokenFor = (memberId: number, kind: OptionalKind = 'newsletter_2', outreach: number | null = outreachId) =>
  unsubscribeToken(t.services.keys, { memberId, kind, outreachId: outreach });

const consentsOf = async (memberId: number) =>
  (await t.db.query<{ newsletter_2: boolean; newsletter_3: boolean }>('SELECT newsletter_2, newsletter_3 FROM accounts WHERE id = $1', [memberId]))[0];

const changesOf = (memberId: number) =>
  t.db.query<{ consent: string; given: boolean; source: string; outreach_id: number | null; changed_by: number | null }>(
    'SELECT consent, given, source, outreach_id, changed_by FROM consent_changes WHERE member_id = $1 ORDER BY id',
    [memberId],
  );

/** The request a mail client makes on its unsubscribe button (RFC 8058 section 3.2). */
const oneClick = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/unsubscribe/${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('opening the link', () => {
  it('shows the kind and the member’s choices, changes nothing and is never cached', async () => {
    const id = await member();
    for (let round = 0; round < 3; round++) {
      const response = await t.app.inject({ url: `/api/unsubscribe/${tokenFor(id)}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect((response.json() as Answer).data).toEqual({
        kind: 'newsletter_2',
        kind_label: 'Nyheter fra organisasjonen',
        kind_label_en: 'News from the organisation',
        consents: [
          { kind: 'newsletter_2', label: 'Nyheter fra organisasjonen', label_en: 'News from the organisation', given: true },
          { kind: 'newsletter_3', label: 'Tilbud fra samarbeidspartnere', label_en: 'Offers from partners', given: true },
        ],
      });
    }
    expect(await consentsOf(id)).toEqual({ newsletter_2: true, newsletter_3: true });
    expect(await changesOf(id)).toEqual([]);
  });

  it('puts the link’s own kind first', async () => {
    const id = await member();
    const answer = (await t.app.inject({ url: `/api/unsubscribe/${tokenFor(id, 'newsletter_3')}` })).json() as Answer;
    expect(answer.data.kind_label).toBe('Tilbud fra samarbeidspartnere');
    expect(answer.data.consents.map((consent) => consent.kind)).toEqual(['newsletter_3', 'newsletter_2']);
  });
});

describe('unsubscribing', () => {
  it('the exact RFC 8058 one-click request turns the kind off, recorded with its source and send', async () => {
    const id = await member();
    const response = await oneClick(tokenFor(id));
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect((response.json() as Answer).data.consents[0]).toMatchObject({ kind: 'newsletter_2', given: false });
    expect(await consentsOf(id)).toEqual({ newsletter_2: false, newsletter_3: true });
    expect(await changesOf(id)).toEqual([{ consent: 'newsletter_2', given: false, source: 'unsubscribe', outreach_id: outreachId, changed_by: null }]);
    // The member's change history shows it as their own.
    const history = await t.db.query<{ changes: unknown; changed_by: number }>('SELECT changes, changed_by FROM member_changes WHERE member_id = $1', [id]);
    expect(history).toEqual([{ changes: { newsletter_2: [true, false] }, changed_by: id }]);
  });

  it('takes the one-click request as a multipart form too, which RFC 8058 prefers', async () => {
    const id = await member();
    const boundary = '----avmelding';
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${tokenFor(id, 'newsletter_3')}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(response.statusCode).toBe(200);
    expect(await consentsOf(id)).toEqual({ newsletter_2: true, newsletter_3: false });
  });

  it('a multipart body that cannot be read, or one carrying a file, is refused in Norwegian and changes nothing', async () => {
    const id = await member();
    const boundary = '----avmelding';
    const unreadable = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${tokenFor(id, 'newsletter_2')}`,
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'List-Unsubscribe=One-Click',
    });
    const withFile = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${tokenFor(id, 'newsletter_2')}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="fil"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhei\r\n--${boundary}--\r\n`,
    });
    for (const response of [unreadable, withFile]) {
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().message).toMatch(/^(Skjemaet .* kunne ikke leses|Forespørselen er for stor)/);
    }
    expect(await consentsOf(id)).toEqual({ newsletter_2: true, newsletter_3: true });
  });

  it('the page’s button (a POST without a body) turns it off; again is fine and records nothing more', async () => {
    const id = await member();
    const token = tokenFor(id, 'newsletter_2', null);
    for (let round = 0; round < 2; round++) {
      const response = await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}` });
      expect(response.statusCode).toBe(200);
      expect((response.json() as Answer).data.consents[0].given).toBe(false);
    }
    expect(await changesOf(id)).toEqual([{ consent: 'newsletter_2', given: false, source: 'unsubscribe', outreach_id: null, changed_by: null }]);
  });

  it('a form that is not the one-click request changes nothing', async () => {
    const id = await member();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${tokenFor(id)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=Kanskje',
    });
    expect(response.statusCode).toBe(422);
    const plain = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe/${tokenFor(id)}`,
      headers: { 'content-type': 'text/plain' },
      payload: 'meld av',
    });
    expect(plain.statusCode).toBe(415);
    expect(await consentsOf(id)).toEqual({ newsletter_2: true, newsletter_3: true });
  });

  it('the page sets the member’s other choice with JSON { kind, given }, both ways', async () => {
    const id = await member({ newsletter_2: true, newsletter_3: false });
    const token = tokenFor(id);
    const on = await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}`, payload: { kind: 'newsletter_3', given: true } });
    expect(on.statusCode).toBe(200);
    expect((on.json() as Answer).data.consents).toEqual([
      expect.objectContaining({ kind: 'newsletter_2', given: true }),
      expect.objectContaining({ kind: 'newsletter_3', given: true }),
    ]);
    expect(await consentsOf(id)).toEqual({ newsletter_2: true, newsletter_3: true });
    await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}`, payload: { kind: 'newsletter_3', given: false } });
    expect(await consentsOf(id)).toEqual({ newsletter_2: true, newsletter_3: false });
    expect((await changesOf(id)).map(({ consent, given, source, outreach_id }) => ({ consent, given, source, outreach_id }))).toEqual([
      { consent: 'newsletter_3', given: true, source: 'unsubscribe', outreach_id: outreachId },
      { consent: 'newsletter_3', given: false, source: 'unsubscribe', outreach_id: outreachId },
    ]);
    const bad = await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}`, payload: { kind: 'newsletter_1', given: false } });
    expect(bad.statusCode).toBe(422);
  });

  it('a send deleted since is recorded as none', async () => {
    const id = await member();
    const response = await oneClick(tokenFor(id, 'newsletter_2', 2_000_000_000));
    expect(response.statusCode).toBe(200);
    expect((await changesOf(id))[0]).toMatchObject({ source: 'unsubscribe', outreach_id: null });
  });
});

describe('a link that is not valid', () => {
  it('a forged or altered token is 404 with a Norwegian message, and changes nothing', async () => {
    const id = await member();
    const good = tokenFor(id);
    const [memberPart, kind, send, signature] = good.split('.');
    const other = await member();
    const tampered = [
      `${other}.${kind}.${send}.${signature}`, // another member's id under this signature
      `${memberPart}.3.${send}.${signature}`, // another kind
      `${memberPart}.${kind}.${send}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      'ikke-en-lenke',
    ];
    for (const token of tampered) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({ method, url: `/api/unsubscribe/${token}` });
        expect(response.statusCode, `${method} ${token}`).toBe(404);
        expect(response.json()).toEqual({ message: UNSUBSCRIBE_MESSAGES.notFound });
        expect(response.headers['cache-control']).toBe('no-store');
      }
    }
    expect(await consentsOf(id)).toEqual({ newsletter_2: true, newsletter_3: true });
    expect(await consentsOf(other)).toEqual({ newsletter_2: true, newsletter_3: true });
  });

  it('an erased member’s link is 404', async () => {
    const id = await member();
    const token = tokenFor(id);
    await t.db.query('UPDATE accounts SET erased_at = now() WHERE id = $1', [id]);
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.app.inject({ method, url: `/api/unsubscribe/${token}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: UNSUBSCRIBE_MESSAGES.notFound });
    }
    expect(await changesOf(id)).toEqual([]);
  });
});

describe('the rate limit', () => {
  it('answers 429 with a Norwegian message once an address has made too many calls in a minute', async () => {
    const id = await member();
    const ip = '203.0.113.9';
    // The window as it stands after a minute's worth of calls from this address.
    await t.db.query(`INSERT INTO rate_limits (key, hits, window_ends) VALUES ($1, $2, now() + interval '1 minute')`, [
      `unsubscribe:ip:${ip}`,
      UNSUBSCRIBES_PER_MINUTE - 1,
    ]);
    const last = await t.app.inject({ url: `/api/unsubscribe/${tokenFor(id)}`, remoteAddress: ip });
    expect(last.statusCode).toBe(200);
    for (const method of ['GET', 'POST'] as const) {
      const refused = await t.app.inject({ method, url: `/api/unsubscribe/${tokenFor(id)}`, remoteAddress: ip });
      expect(refused.statusCode).toBe(429);
      expect((refused.json() as { message: string }).message).toMatch(/^For mange forsøk/);
      expect(refused.headers['retry-after']).toBeDefined();
    }
    expect(await consentsOf(id)).toEqual({ newsletter_2: true, newsletter_3: true });
    // Another address is not held up.
    expect((await t.app.inject({ url: `/api/unsubscribe/${tokenFor(id)}`, remoteAddress: '203.0.113.10' })).statusCode).toBe(200);
  });
});

describe('the names of the optional kinds', () => {
  const names = {
    newsletter_2: { label_nb: '  Medlemsnytt  ', label_en: 'Member news' },
    newsletter_3: { label_nb: 'Tilbud', label_en: 'Offers' },
  };

  it('staff with outreach.send read and change them, and the link shows the new names', async () => {
    const before = await t.app.inject({ url: '/api/consent-kinds', headers: bearer(admin.token) });
    expect(before.statusCode).toBe(200);
    expect((before.json() as { data: unknown[] }).data).toEqual([
      { kind: 'newsletter_2', label_nb: 'Nyheter fra organisasjonen', label_en: 'News from the organisation' },
      { kind: 'newsletter_3', label_nb: 'Tilbud fra samarbeidspartnere', label_en: 'Offers from partners' },
    ]);
    const changed = await t.app.inject({ method: 'PUT', url: '/api/consent-kinds', headers: bearer(admin.token), payload: names });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as { data: unknown[] }).data).toEqual([
      { kind: 'newsletter_2', label_nb: 'Medlemsnytt', label_en: 'Member news' },
      { kind: 'newsletter_3', label_nb: 'Tilbud', label_en: 'Offers' },
    ]);
    const id = await member();
    const answer = (await t.app.inject({ url: `/api/unsubscribe/${tokenFor(id)}` })).json() as Answer;
    expect(answer.data.kind_label).toBe('Medlemsnytt');
    expect(answer.data.kind_label_en).toBe('Member news');
    // Back to the names the other tests expect.
    await t.app.inject({
      method: 'PUT',
      url: '/api/consent-kinds',
      headers: bearer(admin.token),
      payload: {
        newsletter_2: { label_nb: 'Nyheter fra organisasjonen', label_en: 'News from the organisation' },
        newsletter_3: { label_nb: 'Tilbud fra samarbeidspartnere', label_en: 'Offers from partners' },
      },
    });
  });

  it('refuses an empty name, one over 80 characters and two alike, each by its field in Norwegian', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/consent-kinds',
      headers: bearer(admin.token),
      payload: {
        newsletter_2: { label_nb: '   ', label_en: 'x'.repeat(81) },
        newsletter_3: { label_nb: 'Tilbud', label_en: 'offers' },
      },
    });
    expect(response.statusCode).toBe(422);
    expect((response.json() as { errors: Record<string, string[]> }).errors).toEqual({
      'newsletter_2.label_nb': ['Feltet må fylles ut'],
      'newsletter_2.label_en': ['Navnet kan ha høyst 80 tegn'],
    });
    const alike = await t.app.inject({
      method: 'PUT',
      url: '/api/consent-kinds',
      headers: bearer(admin.token),
      payload: { newsletter_2: { label_nb: 'Nytt', label_en: 'News' }, newsletter_3: { label_nb: 'nytt', label_en: 'Offers' } },
    });
    expect(alike.statusCode).toBe(422);
    expect((alike.json() as { errors: Record<string, string[]> }).errors).toEqual({ 'newsletter_3.label_nb': ['De to typene kan ikke ha samme navn'] });
    // 80 characters is allowed.
    const longest = await t.app.inject({
      method: 'PUT',
      url: '/api/consent-kinds',
      headers: bearer(admin.token),
      payload: { newsletter_2: { label_nb: 'Æ'.repeat(80), label_en: 'News' }, newsletter_3: { label_nb: 'Tilbud', label_en: 'Offers' } },
    });
    expect(longest.statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: '/api/consent-kinds',
      headers: bearer(admin.token),
      payload: {
        newsletter_2: { label_nb: 'Nyheter fra organisasjonen', label_en: 'News from the organisation' },
        newsletter_3: { label_nb: 'Tilbud fra samarbeidspartnere', label_en: 'Offers from partners' },
      },
    });
  });

  it('a case worker, without outreach.send, reads them but may not change them (403 naming the right); a member may do neither', async () => {
    const caseWorker = await signedIn(t.app, t.db, { role_id: 3, first_name: 'Sak' });
    expect((await t.app.inject({ url: '/api/consent-kinds', headers: bearer(caseWorker.token) })).statusCode).toBe(200);
    const response = await t.app.inject({ method: 'PUT', url: '/api/consent-kinds', headers: bearer(caseWorker.token), payload: names });
    expect(response.statusCode).toBe(403);
    expect((response.json() as { right?: string }).right).toBe('outreach.send');
    const someone = await signedIn(t.app, t.db, { first_name: 'Medlem' });
    expect((await t.app.inject({ url: '/api/consent-kinds', headers: bearer(someone.token) })).statusCode).toBe(403);
    const [row] = await t.db.query<{ label_nb: string }>("SELECT label_nb FROM consent_kinds WHERE kind = 'newsletter_2'");
    expect(row.label_nb).toBe('Nyheter fra organisasjonen');
  });
});
