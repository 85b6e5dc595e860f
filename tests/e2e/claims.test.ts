/**
 * From instrument to claim: a member on a phone documents an insured instrument (a photographed
 * receipt, then an appraisal) and sees 'Mangler takst' go, reports a theft and downloads the claim;
 * staff at 1440 px find it in 'Skademeldinger' and move it to 'Under behandling', which the member sees.
 */
import { readFileSync } from 'node:fs';
import { format, subDays } from 'date-fns';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiLogin, checkA11y, MEMBER, pdfTextOf, screenshot, STAFF, usePortal, openSignedIn } from './harness.ts';

const e2e = usePortal();
let token: string;
let memberId: number;
let instrumentId: number;
let claimId: number;

const photo = readFileSync('tests/fixtures/documents/rotated.jpg');
const appraisal = readFileSync('tests/fixtures/documents/receipt.pdf');

beforeAll(async () => {
  token = await apiLogin(e2e.portal, STAFF.email, STAFF.password);
  const { body } = await api(e2e.portal, token, 'GET', `/api/member/list?filter[name]=${MEMBER.email}`);
  memberId = body.data[0].id;
  const created = await api(e2e.portal, token, 'POST', '/api/instrument/new', {
    member_id: memberId,
    instrument_category: 1,
    make: 'Gibson',
    model: 'Les Paul Custom',
    serial_number: 'GLP-1959',
    value: 150000,
    status: 1,
    insurance_start: format(subDays(new Date(), 200), 'yyyy-MM-dd'),
  });
  expect(created.status).toBeLessThan(300);
  const lists = (await api(e2e.portal, token, 'GET', `/api/member/${memberId}/instrument`)).body.data;
  instrumentId = lists.active.find((instrument: { make: string; model: string }) => instrument.make === 'Gibson' && instrument.model === 'Les Paul Custom').id;
});

/** 'Mangler takst' on the instrument's row of the insured instruments. */
const flagged = (page: Page) => page.getByRole('row').filter({ hasText: 'Les Paul Custom' }).getByText('Mangler takst').count();

/** The instrument's own part of Min side's 'Aktiv forsikring' tab. */
const instrumentSection = (page: Page) => page.locator('section.doc-instrument').filter({ hasText: 'Les Paul Custom' });

describe('a member on a phone', () => {
  it('uploads a photographed receipt and an appraisal, and the missing appraisal is no longer flagged', async () => {
    const page = await openSignedIn(e2e.browser, e2e.portal, 'member', `/profile/edit/instrument-insurance/${memberId}`, { width: 390 });
    await page.getByRole('tab', { name: 'Aktiv forsikring' }).click();
    const section = instrumentSection(page);
    await expect.poll(() => flagged(page)).toBeGreaterThan(0);

    await section.getByRole('button', { name: 'Legg til dokument' }).click();
    await section.getByRole('radio', { name: 'Kvittering' }).check();
    await section.getByLabel('Fil', { exact: true }).setInputFiles({ name: 'kvittering.jpg', mimeType: 'image/jpeg', buffer: photo });
    await checkA11y(page, 'Min side, a document about to be uploaded at 390 px');
    await section.getByRole('button', { name: 'Last opp' }).click();
    await page.getByText('kvittering.jpg er lastet opp.').waitFor();
    await expect.poll(() => section.getByRole('img', { name: /Kvittering: kvittering/ }).count()).toBe(1);
    // A receipt is not an appraisal: above 100 000 kr the appraisal is still missing.
    await expect.poll(() => flagged(page)).toBeGreaterThan(0);

    // The form stays open for the next document.
    await section.getByRole('radio', { name: 'Takst' }).check();
    await section.getByRole('textbox', { name: 'Takstdato' }).fill(format(subDays(new Date(), 30), 'dd/MM/yyyy'));
    await section.getByLabel('Verdi i takst (kr)').fill('150000');
    await section.getByLabel('Fil', { exact: true }).setInputFiles({ name: 'takst.pdf', mimeType: 'application/pdf', buffer: appraisal });
    await section.getByRole('button', { name: 'Last opp' }).click();
    await page.getByText('takst.pdf er lastet opp.').waitFor();
    await expect.poll(() => flagged(page)).toBe(0);
    await checkA11y(page, 'Min side, an instrument with its documents at 390 px');
    await screenshot(page, 'claims-member-documents-390');
  });

  it('reports a theft with the documents attached and downloads the claim', async () => {
    const page = await openSignedIn(e2e.browser, e2e.portal, 'member', `/profile/edit/instrument-insurance/${memberId}`, { width: 390 });
    await page.getByRole('tab', { name: 'Aktiv forsikring' }).click();
    // The documents' code and thumbnails load after the tab opens and move the link down: it is
    // clicked once they are drawn, not where it stood before them.
    await instrumentSection(page)
      .getByRole('img', { name: /Kvittering: kvittering/ })
      .waitFor();
    await instrumentSection(page)
      .getByRole('link', { name: /Meld skade/ })
      .click();
    await page.getByRole('heading', { name: 'Meld skade' }).first().waitFor();
    // What the register says is there before the member types anything.
    await page.getByText('GLP-1959').first().waitFor();

    // Sending nothing names what is missing, and nothing is sent.
    await page.getByRole('button', { name: 'Send skademeldingen' }).click();
    await page.getByText('Velg hva som har skjedd').first().waitFor();

    await page.getByRole('radio', { name: 'Tyveri' }).check();
    await page.getByRole('textbox', { name: 'Når skjedde det?' }).fill(format(subDays(new Date(), 2), 'dd/MM/yyyy'));
    await page.getByLabel('Hvor skjedde det?').fill('Backstage, Vega, Istedgade 40, København');
    await page.getByRole('radio', { name: 'I utlandet' }).check();
    await page.getByLabel('Land', { exact: true }).selectOption({ label: 'Danmark' });
    await page.getByLabel('Beskriv hva som skjedde').fill('Gitaren sto i kassen bak scenen under lydprøven og var borte da vi kom tilbake.');
    await page.getByLabel('Anmeldelsesnummer fra politiet').fill('DK-2026-4411');
    expect(await page.getByRole('checkbox', { name: /kvittering\.jpg/ }).isChecked()).toBe(true);
    await checkA11y(page, 'Min side, the claim form filled in at 390 px');
    await screenshot(page, 'claims-member-form-390');
    await page.getByRole('button', { name: 'Send skademeldingen' }).click();

    await page.getByText('Skademeldingen er sendt til forsikringsselskapet.').waitFor();
    claimId = Number(/\/profile\/claims\/\d+\/(\d+)/.exec(page.url())?.[1]);
    expect(claimId).toBeGreaterThan(0);
    await checkA11y(page, 'Min side, a claim just sent at 390 px');
    await screenshot(page, 'claims-member-sent-390');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('button', { name: /Last ned skademelding/ })
        .first()
        .click(),
    ]);
    const text = await pdfTextOf(download);
    expect(text).toContain('Gibson');
    expect(text).toContain('GLP-1959');
    expect(text).toContain('DK-2026-4411');
    expect(text).toContain('kvittering.jpg');
  });
});

describe('staff at 1440 px', () => {
  it('find the claim in the queue and move it to Under behandling, which the member sees', async () => {
    const page = await openSignedIn(e2e.browser, e2e.portal, 'staff', '/claims', { width: 1440 });
    await page.getByRole('link', { name: `Sak ${claimId}` }).waitFor();
    await checkA11y(page, 'Skademeldinger at 1440 px');
    await screenshot(page, 'claims-staff-queue-1440');

    await page.getByRole('link', { name: `Sak ${claimId}` }).click();
    await page.getByText('DK-2026-4411').first().waitFor();
    await page.getByRole('radio', { name: 'Under behandling' }).check();
    await page.getByLabel('Melding til medlemmet').fill('Vi har sendt saken videre og hører fra forsikringsselskapet innen en uke.');
    await page.getByRole('button', { name: 'Lagre endring' }).click();
    await page.getByText('Skademeldingen er oppdatert').first().waitFor();
    await checkA11y(page, 'a claim at 1440 px');
    await screenshot(page, 'claims-staff-claim-1440');

    const member = await apiLogin(e2e.portal, MEMBER.email, MEMBER.password);
    const claims = (await api(e2e.portal, member, 'GET', `/api/member/${memberId}/claim`)).body.data;
    expect(claims.find((claim: { id: number }) => claim.id === claimId)).toMatchObject({
      state: 'in_progress',
      note: 'Vi har sendt saken videre og hører fra forsikringsselskapet innen en uke.',
    });
    const documents = (await api(e2e.portal, token, 'GET', `/api/instrument/${instrumentId}/document`)).body.data;
    expect(documents.map((document: { kind: string }) => document.kind).sort()).toEqual(['appraisal', 'receipt']);
    const counters = (await api(e2e.portal, token, 'GET', '/api/counters')).body.data;
    expect(counters['pending-claims']).toBeGreaterThanOrEqual(1);
  });
});
