/** Privacy in the browser: a member reads their access log and downloads their data; staff read the log and erase a member. */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { api, checkA11y, MEMBER, screenshot, usePortal, openSignedIn } from './harness.ts';
import { memberByEmail, showProfileSections, staffToken, WIDTHS } from './min-side-steps.ts';

function readZip(buffer: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files: Record<string, string> = {};
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files[entry.fileName] = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe.each(WIDTHS)('privacy at %i px', (width) => {
  const e2e = usePortal();
  let token: string;
  let memberId: number;

  beforeAll(async () => {
    token = await staffToken(e2e.portal);
    memberId = (await memberByEmail(e2e.portal, token, MEMBER.email)).id;
  });

  it('a member reads who has seen their data on Min side and downloads all of it', async () => {
    // A staff user opens the member's record first.
    expect((await api(e2e.portal, token, 'GET', `/api/member/${memberId}`)).status).toBe(200);
    const page = await openSignedIn(e2e.browser, e2e.portal, 'member', '/profile', { width });
    await showProfileSections(page);
    const card = page.getByRole('region', { name: 'Hvem har sett opplysningene mine' });
    await card.getByRole('heading', { name: 'Hvem har sett opplysningene mine' }).waitFor();
    await card.getByText('Åpnet: Medlemsopplysninger').first().waitFor();
    await card.scrollIntoViewIfNeeded();
    await checkA11y(page, `Min side access log at ${width} px`);
    await screenshot(page, `privacy-min-side-${width}`);

    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Last ned opplysningene mine' }).click()]);
    expect(download.suggestedFilename()).toBe('mine-opplysninger.zip');
    const files = await readZip(await readFile((await download.path())!));
    const data = JSON.parse(files['member.json']);
    expect(data.member).toMatchObject({ id: memberId, email: MEMBER.email });
    expect(Array.isArray(data.subscriptions)).toBe(true);
    expect(data.access_log.some((entry: { kind: string }) => entry.kind === 'read')).toBe(true);
    expect(files['sammendrag.html']).toContain('Dine opplysninger i Musikerportalen');

    // Their own download shows in the list after it.
    await card.getByText('Eksporterte: Alle opplysninger (zip)').waitFor();
    await page.context().close();
  });

  it("staff read the member's access log and the log across members", async () => {
    const page = await openSignedIn(e2e.browser, e2e.portal, 'staff', `/membership/instrument-insurance/reject/${memberId}`, { width });
    await page.getByRole('tab', { name: 'Tilgangslogg' }).click();
    await page.getByRole('heading', { name: /TILGANGSLOGG \(\d+\)/ }).waitFor();
    await screenshot(page, `privacy-member-log-${width}`);
    await page.getByRole('cell', { name: 'Eksporterte' }).first().waitFor();
    await checkA11y(page, `member access log at ${width} px`);
    await screenshot(page, `privacy-member-log-${width}`);

    await page.goto(`${e2e.portal.baseUrl}/access-log`);
    await page.getByRole('heading', { level: 1, name: 'Tilgangslogg' }).waitFor();
    await page.getByRole('cell', { name: 'Åpnet' }).first().waitFor();
    await checkA11y(page, `access log at ${width} px`);
    await screenshot(page, `privacy-access-log-${width}`);
    await page.context().close();
  });

  it("staff download everything about the member from the member page, and the member's log says so", async () => {
    const page = await openSignedIn(e2e.browser, e2e.portal, 'staff', `/membership/edit/${memberId}`, { width });
    await page.getByRole('button', { name: 'Last ned alle opplysninger' }).waitFor();
    await checkA11y(page, `member page with its download at ${width} px`);
    await screenshot(page, `privacy-member-page-${width}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Last ned alle opplysninger' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^opplysninger-medlem-\d+\.zip$/);
    const files = await readZip(await readFile((await download.path())!));
    expect(JSON.parse(files['member.json']).member).toMatchObject({ id: memberId, email: MEMBER.email });
    expect(files['sammendrag.html']).toContain('Dine opplysninger i Musikerportalen');
    await expect
      .poll(async () => {
        const log = await api(e2e.portal, token, 'GET', `/api/member/${memberId}/access-log`);
        return (log.body.data as { kind: string; detail: string }[]).some((entry) => entry.kind === 'export' && entry.detail === 'Alle opplysninger (zip)');
      })
      .toBe(true);
    await page.context().close();
  });

  it('staff erase a member by typing the member number', async () => {
    const { body } = await api(e2e.portal, token, 'GET', '/api/member/list?per_page=25&filter[status]=1&sort=-id');
    const victim = (body.data as { id: number; remote_id: number | null; email: string }[]).find((row) => row.remote_id && row.email !== MEMBER.email)!;
    const page = await openSignedIn(e2e.browser, e2e.portal, 'staff', `/membership/edit/${victim.id}`, { width });
    await page.getByRole('button', { name: 'Slett personopplysninger' }).click();
    const dialog = page.getByRole('dialog', { name: 'Slett personopplysninger' });
    await dialog.getByText(`Skriv medlemsnummeret (${victim.remote_id}) for å bekrefte.`).waitFor();
    const field = dialog.getByLabel('Medlemsnummer');
    await field.waitFor();
    await checkA11y(page, `erase dialog at ${width} px`);
    await screenshot(page, `privacy-erase-dialog-${width}`);

    // 'Slett for godt' is offered only for the member's own number; Enter on another does nothing.
    const submit = dialog.getByRole('button', { name: 'Slett for godt' });
    await field.fill(String(victim.remote_id! + 1));
    expect(await submit.isDisabled()).toBe(true);
    await field.press('Enter');
    expect((await api(e2e.portal, token, 'GET', `/api/member/${victim.id}`)).body.data.erased_at).toBeNull();

    await field.fill(String(victim.remote_id));
    expect(await submit.isEnabled()).toBe(true);
    await field.press('Enter');
    // When the dialog goes the page already shows the erased member, never the old data and its actions.
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByText('Personopplysningene til dette medlemmet ble slettet', { exact: false }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Slett personopplysninger' }).count()).toBe(0);
    await checkA11y(page, `erased member at ${width} px`);
    await screenshot(page, `privacy-erased-${width}`);
    const after = (await api(e2e.portal, token, 'GET', `/api/member/${victim.id}`)).body.data;
    expect(after.erased_at).not.toBeNull();
    expect(after.email).toBeNull();
    expect((await api(e2e.portal, token, 'GET', `/api/member/list?filter[name]=${victim.remote_id}`)).body.total).toBe(0);
    await page.context().close();
  });
});
