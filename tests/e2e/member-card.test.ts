/**
 * Proof in the pocket, on a phone (390 px): the digital member card on Min side, its QR code read
 * back from the screen, the card offline after one visit, the public verify page's three states,
 * and insurance certificates downloaded from Min side and from the staff member page.
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { BrowserContext, Page } from 'playwright-core';
import { apiLogin, checkA11y, MEMBER, pdfTextOf, screenshot, signIn, usePortal } from './harness.ts';
import { memberByEmail, showProfileSections, staffToken } from './min-side-steps.ts';
import { signToken } from '../../server/domain/proof/proof-tokens.ts';
import type { Database } from '../../server/db/database.ts';

const WIDTH = 390;
const KEY_ID = 7;
const KEY = generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
/** Signing with CARD_SIGNING_KEY reads no database. */
const NO_DATABASE = {} as Database;

const e2e = usePortal({ env: { CARD_SIGNING_KEY: `${KEY_ID}:${KEY}` } });
let memberId: number;
let memberNumber: number;
let memberName: string;

beforeAll(async () => {
  const member = await memberByEmail(e2e.portal, await staffToken(e2e.portal), MEMBER.email);
  memberId = member.id;
  memberName = `${member.first_name} ${member.last_name}`;
  const token = await apiLogin(e2e.portal, MEMBER.email, MEMBER.password);
  const card = await fetch(`${e2e.portal.baseUrl}/api/member/${memberId}/card`, { headers: { authorization: `Bearer ${token}` } });
  memberNumber = ((await card.json()) as { data: { member_number: number } }).data.member_number;
}, 120_000);

const phone = (): Promise<BrowserContext> =>
  e2e.browser.newContext({ viewport: { width: WIDTH, height: 844 }, deviceScaleFactor: 2, locale: 'nb-NO', timezoneId: 'Europe/Oslo', acceptDownloads: true });

function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

describe('the member card on a phone', () => {
  let context: BrowserContext;
  let page: Page;
  let verifyUrl: string;

  beforeAll(async () => {
    context = await phone();
    page = await context.newPage();
    await signIn(page, e2e.portal, 'member');
  });
  afterAll(async () => context?.close());

  it('shows the Medlemskort section on the profile and opens the card with a QR code that reads as the verify URL', async () => {
    await showProfileSections(page);
    const section = page.getByRole('region', { name: 'Medlemskort' });
    await section.getByText(String(memberNumber)).waitFor();
    await section.getByText('Gyldig til').waitFor();
    await checkA11y(page, 'Min side with the member card section');

    await page.getByRole('link', { name: 'Medlemskort', exact: true }).click();
    await page.getByRole('heading', { name: 'Medlemskort', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/profile/card/${memberId}`);
    const card = page.getByRole('region', { name: 'Medlemskort' });
    await card.getByText(memberName).waitFor();
    await card.getByText(String(memberNumber)).waitFor();
    await card.getByText('Musikerportalen').waitFor();
    const qr = page.getByRole('img', { name: new RegExp(`medlemsnummer ${memberNumber}`) });
    await qr.waitFor();
    await screenshot(page, 'member-card-390');
    await checkA11y(page, 'the member card page');

    const read = decodeQr(await qr.screenshot());
    expect(read).toMatch(new RegExp(`^${e2e.portal.baseUrl}/verify/[A-Za-z0-9_-]{90,100}$`));
    verifyUrl = read!;
    // Short enough for a small QR code.
    expect(Buffer.byteLength(verifyUrl)).toBeLessThanOrEqual(130);
  });

  it('downloads the card as a 500 px PNG whose QR code reads the same', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Last ned som bilde (PNG)' }).click()]);
    expect(download.suggestedFilename()).toBe(`medlemskort-${memberNumber}.png`);
    const png = readFileSync(await download.path());
    expect(PNG.sync.read(png).width).toBe(500);
    expect(decodeQr(png)).toBe(verifyUrl);
  });

  it('shows the last card it loaded when the phone is offline', async () => {
    // The card page registers its service worker and stores itself for it once the card has shown.
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).filter((r) => r.active).map((r) => new URL(r.scope).pathname)), {
        timeout: 10_000,
      })
      .toEqual(['/profile/card']);
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open('medlemskort-v1')).keys()).map((r) => new URL(r.url).pathname)), { timeout: 10_000 })
      .toContain(`/profile/card/${memberId}`);
    await context.setOffline(true);
    try {
      await page.reload({ timeout: 20_000 });
      await page.getByRole('heading', { name: 'Medlemskort', level: 1 }).waitFor();
      await page.getByText('Du er uten nett.').waitFor();
      await page.getByRole('region', { name: 'Medlemskort' }).getByText(String(memberNumber)).waitFor();
      const read = decodeQr(await page.getByRole('img', { name: new RegExp(`medlemsnummer ${memberNumber}`) }).screenshot());
      expect(read).toBe(verifyUrl);
      await screenshot(page, 'member-card-offline-390');
    } finally {
      await context.setOffline(false);
    }
  });

  it('the verify page says Gyldig medlem for the card, with only first name, initial, number and validity', async () => {
    const visitor = await phone();
    const check = await visitor.newPage();
    await check.goto(verifyUrl);
    await check.getByRole('heading', { name: /Gyldig medlem/ }).waitFor();
    const [first, ...rest] = memberName.split(' ');
    await check.getByText(`${first} ${rest.at(-1)![0]}.`).waitFor();
    await check.getByText(String(memberNumber)).waitFor();
    expect(await check.getByText(memberName).count()).toBe(0);
    await screenshot(check, 'verify-valid-390');
    await checkA11y(check, 'the verify page (valid)');
    await visitor.close();
  });

  it('the verify page says Utløpt for an expired card and Ikke gyldig for a changed one', async () => {
    const visitor = await phone();
    const check = await visitor.newPage();
    const expired = await signToken(NO_DATABASE, [{ id: KEY_ID, privateKey: KEY }], { kind: 'membership', memberNumber, validUntil: '2025-12-31' });
    await check.goto(`${e2e.portal.baseUrl}/verify/${expired}`);
    await check.getByRole('heading', { name: /Utløpt/ }).waitFor();
    await check.getByText('31.12.2025').waitFor();
    await screenshot(check, 'verify-expired-390');
    await checkA11y(check, 'the verify page (expired)');

    const token = new URL(verifyUrl).pathname.split('/').at(-1)!;
    const bytes = Buffer.from(token, 'base64url');
    bytes[4] ^= 0x01;
    await check.goto(`${e2e.portal.baseUrl}/verify/${bytes.toString('base64url')}`);
    await check.getByRole('heading', { name: /Ikke gyldig/ }).waitFor();
    expect(await check.getByText(String(memberNumber)).count()).toBe(0);
    await screenshot(check, 'verify-invalid-390');
    await checkA11y(check, 'the verify page (invalid)');
    await visitor.close();
  });

  it('downloads the travel and the instruments certificate from Min side', async () => {
    await page.goto(`${e2e.portal.baseUrl}/profile/${memberId}`);
    await showProfileSections(page);
    const travel = page.getByRole('region', { name: 'Reiseforsikring' });
    const [travelPdf] = await Promise.all([page.waitForEvent('download'), travel.getByRole('button', { name: 'Forsikringsbevis (PDF)' }).click()]);
    expect(travelPdf.suggestedFilename()).toBe(`forsikringsbevis-reise-${memberNumber}.pdf`);
    const text = await pdfTextOf(travelPdf);
    expect(text).toContain(memberName);
    expect(text).toContain(String(memberNumber));
    expect(text).toMatch(/Reiseforsikring (Europa|Verden)/);

    const instruments = page.getByRole('region', { name: 'Instrumentforsikring' });
    const [english] = await Promise.all([page.waitForEvent('download'), instruments.getByRole('button', { name: 'Certificate in English (PDF)' }).click()]);
    expect(english.suggestedFilename()).toBe(`insurance-certificate-instruments-${memberNumber}.pdf`);
    const englishText = await pdfTextOf(english);
    expect(englishText).toContain('Certificate of insurance – instruments');
    expect(englishText).toContain(memberName);
    await screenshot(page, 'profile-certificates-390');
    await checkA11y(page, 'Min side with certificate buttons');
  });
});

describe('the staff member page', () => {
  it('downloads a member’s certificate', async () => {
    const context = await phone();
    const page = await context.newPage();
    await signIn(page, e2e.portal, 'staff');
    await page.goto(`${e2e.portal.baseUrl}/membership/edit/${memberId}`);
    await page.getByRole('button', { name: 'Forsikringsbevis (PDF)' }).first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Forsikringsbevis (PDF)' }).first().click()]);
    const text = await pdfTextOf(download);
    expect(text).toContain(memberName);
    expect(text).toContain(String(memberNumber));
    await screenshot(page, 'staff-member-certificates-390');
    await checkA11y(page, 'the staff member page with certificate buttons');
    await context.close();
  });
});

describe('at 1440 px', () => {
  it('the card page and the verify page are axe clean on a wide screen', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'nb-NO', timezoneId: 'Europe/Oslo' });
    const page = await context.newPage();
    await signIn(page, e2e.portal, 'member');
    await page.goto(`${e2e.portal.baseUrl}/profile/card/${memberId}`);
    const qr = page.getByRole('img', { name: new RegExp(`medlemsnummer ${memberNumber}`) });
    await qr.waitFor();
    await screenshot(page, 'member-card-1440');
    await checkA11y(page, 'the member card page at 1440 px');
    const verifyUrl = decodeQr(await qr.screenshot());
    expect(verifyUrl).toMatch(/\/verify\//);
    await page.goto(verifyUrl!);
    await page.getByRole('heading', { name: /Gyldig medlem/ }).waitFor();
    await screenshot(page, 'verify-valid-1440');
    await checkA11y(page, 'the verify page at 1440 px');
    await context.close();
  });
});

describe('the home-screen icon without a network', () => {
  it("opens the manifest's start address offline after the member visited only the card page online", async () => {
    const context = await phone();
    try {
      const page = await context.newPage();
      await signIn(page, e2e.portal, 'member');
      // As a member installs it: from the profile to the card, once, online; then 'Add to home screen'.
      await page.getByRole('link', { name: 'Medlemskort', exact: true }).click();
      await page.getByRole('region', { name: 'Medlemskort' }).getByText(String(memberNumber)).waitFor();
      const manifest = (await (await page.request.get(`${e2e.portal.baseUrl}/medlemskort.webmanifest`)).json()) as { start_url: string };
      const startUrl = new URL(manifest.start_url, e2e.portal.baseUrl).href;
      expect(new URL(page.url()).pathname).not.toBe(new URL(startUrl).pathname);
      await expect
        .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).some((registration) => registration.active)), {
          timeout: 10_000,
        })
        .toBe(true);
      // The icon's address is stored with the page, though the member never opened it.
      await expect.poll(() => page.evaluate(async (url) => Boolean(await caches.match(url)), startUrl), { timeout: 10_000 }).toBe(true);
      await context.setOffline(true);
      const home = await context.newPage();
      await home.goto(startUrl, { timeout: 20_000 });
      await home.getByRole('heading', { name: 'Medlemskort', level: 1 }).waitFor();
      await home.getByRole('region', { name: 'Medlemskort' }).getByText(String(memberNumber)).waitFor();
      expect(new URL(home.url()).pathname).toBe(`/profile/card/${memberId}`);
      await screenshot(home, 'member-card-home-screen-offline-390');
    } finally {
      await context.close();
    }
  });
});
