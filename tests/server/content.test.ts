import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../server/config.ts';
import { bearer, buildTestApp, createAccount, login, testConfig, type TestContext } from './helpers.ts';
import { post, startFakeWordpress, type FakeWordpress } from './fakes/wordpress.ts';

async function memberToken(t: TestContext) {
  const member = await createAccount(t.db);
  return login(t.app, member.email, member.password);
}

describe('content from the database (no CONTENT_URL)', () => {
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = await memberToken(t);
  });
  afterAll(async () => t.close());

  it('answers the privacy page and the sign-up texts to anyone', async () => {
    const privacy = await t.app.inject({ url: '/api/content/page/min-side' });
    expect(privacy.statusCode).toBe(200);
    expect(privacy.json().data).toMatchObject({ slug: 'min-side', title: 'Personvern' });
    expect(privacy.json().data.content).toContain('<p>');
    for (const slug of ['bli-medlem', 'bli-medlem-steg-2']) {
      expect((await t.app.inject({ url: `/api/content/page/${slug}` })).json().data.slug).toBe(slug);
    }
  });

  it('answers the membership terms that the sign-up links to', async () => {
    const terms = await t.app.inject({ url: '/api/content/page/medlemsvilkar' });
    expect(terms.statusCode).toBe(200);
    expect(terms.json().data).toMatchObject({ slug: 'medlemsvilkar', title: 'Vilkår for medlemskap' });
    expect(terms.json().data.content).toContain('<p>');
  });

  it('answers 404 for any other slug, even one stored', async () => {
    await t.db.query("INSERT INTO content_pages (slug, title, content) VALUES ('intern', 'Intern', '<p>Hemmelig</p>')");
    const response = await t.app.inject({ url: '/api/content/page/intern' });
    expect(response.statusCode).toBe(404);
  });

  it('lists the active discount codes in their order, sanitised, to signed-in users only', async () => {
    await t.db.query(
      `INSERT INTO discount_codes (code, description, sort_order, active) VALUES
        ('MUSIKK20', '<p>20 % hos <a href="https://musikkhuset.example">Musikkhuset</a></p><script>alert(1)</script><p><a href="javascript:alert(2)">Klikk</a></p>', 2, true),
        ('STRENG10', '<p>10 % på strenger</p>', 1, true),
        ('GAMMEL', '<p>Utløpt</p>', 0, false)`,
    );
    expect((await t.app.inject({ url: '/api/content/discount-codes' })).statusCode).toBe(401);
    const response = await t.app.inject({ url: '/api/content/discount-codes', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { code: 'STRENG10', description: '<p>10 % på strenger</p>' },
        // An https link stays; a javascript: link keeps its text, not its address.
        {
          code: 'MUSIKK20',
          description:
            '<p>20 % hos <a href="https://musikkhuset.example" rel="noopener noreferrer">Musikkhuset</a></p><p><a rel="noopener noreferrer">Klikk</a></p>',
        },
      ],
    });
  });
});

describe('content from WordPress (CONTENT_URL)', () => {
  let wp: FakeWordpress;
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    wp = await startFakeWordpress('kuponger');
    t = await buildTestApp({ env: { CONTENT_URL: wp.url, CONTENT_COUPONS_PATH: 'kuponger', CONTENT_TIMEOUT_MS: '2000' } });
    token = await memberToken(t);
  });
  afterAll(async () => {
    await t.close();
    await wp.close();
  });

  it('reads a page by slug and strips what may not be shown', async () => {
    wp.pages = [
      post(
        'Personvern &#8211; slik gjør vi det',
        '<p onclick="steal()">Vi tar vare på deg.</p><script>alert("x")</script><iframe src="https://evil.example"></iframe>',
        { slug: 'min-side' },
      ),
    ];
    const response = await t.app.inject({ url: '/api/content/page/min-side' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { slug: 'min-side', title: 'Personvern – slik gjør vi det', content: '<p>Vi tar vare på deg.</p>' },
    });
    expect(wp.requests.at(-1)!.url).toBe('/wp-json/wp/v2/pages?slug=min-side');
  });

  it('answers 404 when the site has no such page', async () => {
    wp.pages = [];
    expect((await t.app.inject({ url: '/api/content/page/bli-medlem' })).statusCode).toBe(404);
  });

  it('reads every coupon, 100 a page, code and description from the custom fields or the post', async () => {
    wp.coupons = [
      post('Tittel brukes ikke', '<p>Innhold brukes ikke</p>', { acf: { code: 'ACF-KODE', description: '<p>Fra <b>ACF</b></p><script>x()</script>' } }),
      post('POSTKODE', '<p>Fra innlegget</p>', { acf: [] }),
      ...Array.from({ length: 148 }, (_, i) => post(`KODE${i}`, `<p>Rabatt ${i}</p>`)),
    ];
    const before = wp.requests.length;
    const response = await t.app.inject({ url: '/api/content/discount-codes', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toHaveLength(150);
    expect(data[0]).toEqual({ code: 'ACF-KODE', description: '<p>Fra <b>ACF</b></p>' });
    expect(data[1]).toEqual({ code: 'POSTKODE', description: '<p>Fra innlegget</p>' });
    const urls = wp.requests.slice(before).map((request) => new URL(request.url, wp.url));
    expect(urls.map((url) => [url.pathname, url.searchParams.get('per_page'), url.searchParams.get('page')])).toEqual([
      ['/wp-json/wp/v2/kuponger', '100', '1'],
      ['/wp-json/wp/v2/kuponger', '100', '2'],
    ]);
  });

  it('answers 502 with a Norwegian message when the site fails or is too slow', async () => {
    wp.override = { status: 500, body: { code: 'internal_server_error' } };
    const failed = await t.app.inject({ url: '/api/content/page/min-side' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe('Innholdet kunne ikke hentes akkurat nå. Prøv igjen senere.');
    // Three times the server's 2 s bound: a busy machine answers the other requests well within it.
    wp.override = { body: [], delayMs: 6000 };
    const slow = await t.app.inject({ url: '/api/content/discount-codes', headers: bearer(token) });
    expect(slow.statusCode).toBe(502);
    wp.override = { body: { not: 'a list' } };
    expect((await t.app.inject({ url: '/api/content/page/min-side' })).statusCode).toBe(502);
    wp.override = null;
  });
});

describe('content settings', () => {
  it('takes the coupons path from CONTENT_COUPONS_PATH and refuses a path that is not one', () => {
    expect(testConfig().contentCouponsPath).toBe('coupons');
    expect(testConfig({ CONTENT_COUPONS_PATH: '/rabatt-koder/' }).contentCouponsPath).toBe('rabatt-koder');
    expect(() => testConfig({ CONTENT_COUPONS_PATH: 'coupons?x=1' })).toThrow(ConfigError);
    expect(() => testConfig({ CONTENT_TIMEOUT_MS: '0' })).toThrow(ConfigError);
  });
});
