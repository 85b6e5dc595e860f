/**
 * Names staff meet in the shell: the requests group is read as 'Forespørsler, 7 ventende' (the
 * badge's number not run into it), and the breadcrumbs keep one case: the catalogue's labels in
 * capitals as the spec writes them, the one it writes otherwise ('Forsikrings logg') kept as it is
 * and shown in capitals like the rest.
 */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { crumbsOf, STAFF_AREAS } from '../../../src/common/staff-areas/registry.ts';
import nb from '../../../src/i18n/app/nb.ts';
import en from '../../../src/i18n/app/en.ts';
import { listItem, paged } from './fixtures.ts';
import { PENDING, renderAdmin, server, installFakeApi } from './harness.tsx';

installFakeApi();

const members = () => server.use(http.get('*/api/member/list', () => HttpResponse.json(paged([listItem(1)], 1))));

/** The labels the spec gives in another case than capitals, in each catalogue. */
const SPEC_NAMED = { nb: ['Forsikrings logg'], en: ['Insurance log'] };

const lookUp = (catalogue: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

describe('the requests group in the menu', () => {
  it('is named with the word first and the pending count after a comma, exactly', async () => {
    members();
    renderAdmin('/membership');
    const sum = PENDING.memberships + PENDING.travel + PENDING.instruments;
    const group = await screen.findByRole('button', { name: `Forespørsler, ${sum} ventende` });
    // The badge still shows the number, to the eye only.
    const badge = within(group).getByText(String(sum));
    expect(badge.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(within(group).getByText('Forespørsler')).toBeVisible();
  });
});

describe('breadcrumbs', () => {
  it('every label of the registry is in capitals in both catalogues, but for the one the spec writes otherwise', () => {
    for (const [locale, catalogue] of [
      ['nb', nb],
      ['en', en],
    ] as const) {
      const labels = STAFF_AREAS.flatMap(crumbsOf).map((crumb) => lookUp(catalogue, crumb.label) as string);
      expect(labels.length).toBeGreaterThan(40);
      const otherCase = labels.filter((label) => label !== label.toLocaleUpperCase(locale));
      expect(new Set(otherCase), locale).toEqual(new Set(SPEC_NAMED[locale]));
    }
  });

  it('the bar shows every label in capitals and keeps the text as the catalogue has it', async () => {
    members();
    renderAdmin('/membership/create-new-user');
    const crumbs = await screen.findByRole('navigation', { name: 'Brødsmulesti' });
    expect(crumbs).toHaveStyle({ textTransform: 'uppercase' });
    expect(within(crumbs).getByRole('link', { name: 'MEDLEMSOVERSIKT' })).toBeInTheDocument();
  });
});
