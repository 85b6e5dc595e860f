/**
 * The accessibility statements (/tilgjengelighet for Min side with sign-up, /tilgjengelighet/ansatte
 * for the staff app): public, reached from every footer, and saying exactly what the data says.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, makeMember, memberApi, renderApp, signInAs } from './harness.tsx';
import { LOCALE_STORAGE_KEY } from '../../../src/min-side/texts.ts';
import { WCAG_CRITERIA } from '../../../src/common/a11y/wcag-criteria.ts';
import type { CriterionResult, StatementData } from '../../../src/common/a11y/statement-types.ts';

/** A statement as npm run a11y:statement writes it, with one criterion in each state. */
vi.mock('../../../src/common/a11y/statement.json', () => {
  const result = (id: string): CriterionResult => {
    if (id === '1.4.3') return { id, status: 'passed', rules: ['color-contrast'], findings: [] };
    if (id === '4.1.2') {
      return {
        id,
        status: 'failed',
        rules: ['button-name'],
        findings: [{ rule: 'button-name', help: 'Buttons must have discernible text', pages: ['/profile/:id (390 px)'] }],
      };
    }
    if (id === '1.3.1')
      return { id, status: 'review', rules: ['list'], findings: [{ rule: 'list', help: 'Lists must be structured', pages: ['/new-member (1440 px)'] }] };
    if (id === '1.2.2') return { id, status: 'inapplicable', rules: ['video-caption'], findings: [] };
    return { id, status: 'untested', rules: [], findings: [] };
  };
  const data: StatementData = {
    updated: '2026-11-28',
    axeVersion: '4.14.1',
    tags: ['wcag2a'],
    solutions: {
      member: { pages: [{ path: '/profile/:id', widths: [390, 1440] }], criteria: WCAG_CRITERIA.map((criterion) => result(criterion.id)) },
      staff: {
        pages: [{ path: '/membership', widths: [1440] }],
        criteria: WCAG_CRITERIA.map((criterion) => ({ id: criterion.id, status: criterion.id === '2.4.2' ? 'passed' : 'untested', rules: [], findings: [] })),
      },
    },
  };
  return { default: data };
});

installFakeApi();

const row = (name: RegExp) => screen.getByRole('row', { name });

describe('the accessibility statement', () => {
  it('opens from the footer of a public page, without signing in, with the status of every criterion', async () => {
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'Logg inn på Min side' });
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Tilgjengelighetserklæring' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Tilgjengelighetserklæring' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/tilgjengelighet');
    expect(document.title).toBe('Tilgjengelighetserklæring – Musikerportalen');
    expect(screen.getByText(/gjelder Min side for medlemmer og innmeldingen/)).toBeInTheDocument();
    expect(
      screen.getByText(
        /Av de 55 kravene i WCAG 2.2 på nivå A og AA er 1 oppfylt i den automatiske kontrollen, 1 ikke oppfylt, 1 må kontrolleres manuelt, 1 ikke aktuelle på sidene som er kontrollert, og 51 er ikke testet automatisk\./,
      ),
    ).toBeInTheDocument();

    const table = screen.getByRole('table', { name: /Status for hvert krav i WCAG 2.2/ });
    expect(within(table).getAllByRole('row')).toHaveLength(56);
    expect(row(/^1\.4\.3 Kontrast \(minimum\) AA Oppfylt$/)).toBeInTheDocument();
    expect(row(/^4\.1\.2 Navn, rolle, verdi A Ikke oppfylt$/)).toBeInTheDocument();
    expect(row(/^1\.3\.1 Informasjon og relasjoner A Må kontrolleres manuelt$/)).toBeInTheDocument();
    expect(row(/^1\.2\.2 Teksting \(forhåndsinnspilt\) A Ikke aktuelt$/)).toBeInTheDocument();
    expect(row(/^2\.4\.7 Synlig fokus AA Ikke testet automatisk$/)).toBeInTheDocument();
  });

  it('says what does not conform and why, how to give feedback, the answer time and the day of the check', async () => {
    renderApp('/tilgjengelighet');
    const notMet = within(await screen.findByRole('region', { name: 'Hva som ikke er i samsvar, og hvorfor' }));
    expect(notMet.getByText('Buttons must have discernible text')).toHaveAttribute('lang', 'en');
    expect(notMet.getByText(/Regel button-name, på \/profile\/:id \(390 px\)/)).toBeInTheDocument();
    expect(notMet.getByText(/Regel list, på \/new-member \(1440 px\)/)).toBeInTheDocument();
    expect(notMet.getByText(/51 krav kan ikke testes automatisk/)).toBeInTheDocument();

    const feedback = within(screen.getByRole('region', { name: 'Tilbakemelding og kontakt' }));
    expect(feedback.getByRole('link', { name: 'post@example.no' })).toHaveAttribute('href', 'mailto:post@example.no');
    expect(feedback.getByText(/Vi svarer innen 14 dager\./)).toBeInTheDocument();
    expect(screen.getByText('Erklæringen ble sist oppdatert 28.11.2026, fra de automatiske testene den dagen.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Sider som er kontrollert' })).getByText('/profile/:id')).toBeInTheDocument();
  });

  it('has a statement of its own for the staff app, linked from the one for Min side', async () => {
    renderApp('/tilgjengelighet');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Erklæringen for ansattportalen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tilgjengelighetserklæring for ansattportalen' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/tilgjengelighet/ansatte');
    expect(row(/^2\.4\.2 Sidetitler A Oppfylt$/)).toBeInTheDocument();
    expect(row(/^4\.1\.2 Navn, rolle, verdi A Ikke testet automatisk$/)).toBeInTheDocument();
    expect(screen.getByText('Den automatiske kontrollen fant ingen brudd på sidene som er kontrollert.')).toBeInTheDocument();
    expect(screen.getByText('/membership')).toBeInTheDocument();
  });

  it('is open to a signed-in member too, from the footer of their own page', async () => {
    const member = makeMember();
    memberApi(member);
    signInAs(member);
    renderApp(`/profile/${member.id}`);
    await screen.findByRole('heading', { name: 'Hei, Kari' });
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Tilgjengelighetserklæring' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tilgjengelighetserklæring' })).toBeInTheDocument();
  });

  it('is the Accessibility statement in English', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    renderApp('/tilgjengelighet');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeInTheDocument();
    expect(document.title).toBe('Accessibility statement – Musikerportalen');
    expect(row(/^1\.4\.3 Contrast \(Minimum\) AA Met$/)).toBeInTheDocument();
    expect(row(/^2\.4\.7 Focus Visible AA Not tested automatically$/)).toBeInTheDocument();
    expect(screen.getByText(/We answer within 14 days\./)).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Accessibility statement' })).toHaveAttribute('aria-current', 'page');
  });
});
