/** Min side in English: the Norsk / English switch, what follows it, and the choice kept on the device. */
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { makeLine, makeMember, makeSubscription, memberApi, renderApp, server, signInAs, installFakeApi } from './harness.tsx';
import { minSideNb } from '../../../src/i18n/min-side/nb.ts';
import { englishCatalogue } from '../../../src/i18n/min-side/en.ts';
import { pagesNb } from '../../../src/i18n/min-side/pages-nb.ts';
import { pagesEn } from '../../../src/i18n/min-side/pages-en.ts';
import { instrumentsNb } from '../../../src/i18n/min-side/instruments-nb.ts';
import { instrumentsEn } from '../../../src/i18n/min-side/instruments-en.ts';
import { LOCALE_STORAGE_KEY } from '../../../src/min-side/texts.ts';

installFakeApi();

const insured = () =>
  makeMember({
    subscription_travel_insurance: makeSubscription('Reiseforsikring Europa', 1200),
    subscription_instrument_insurance: {
      ...makeSubscription('Instrumentforsikring', 995),
      subscription_lines: [makeLine(1, 'Instrumentforsikring', 25000), makeLine(2, 'Instrumentforsikring', 110000)],
      instruments: [
        { id: 1, type: 'Gitar', make: 'Gibson', model: 'Les Paul', value: 25000, insurance_start: '2026-02-01', insurance_end: null },
        { id: 2, type: 'Lydanlegg', make: 'Marshall', model: 'JCM800', value: 110000, insurance_start: '2026-02-01', insurance_end: null },
      ],
    },
  });

function openProfile(member = insured()) {
  memberApi(member);
  signInAs(member);
  renderApp(`/profile/${member.id}`);
}

const switchGroup = () => screen.getByRole('group', { name: /^(Språk|Language)$/ });

describe('the language switch', () => {
  it('is a named group of two toggle buttons, each named in its own language', async () => {
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'Logg inn på Min side' });
    const group = screen.getByRole('group', { name: 'Språk' });
    const norsk = within(group).getByRole('button', { name: 'Norsk' });
    const english = within(group).getByRole('button', { name: 'English' });
    expect(norsk).toHaveAttribute('aria-pressed', 'true');
    expect(norsk).toHaveAttribute('lang', 'nb');
    expect(english).toHaveAttribute('aria-pressed', 'false');
    expect(english).toHaveAttribute('lang', 'en');
    expect(document.documentElement.lang).toBe('nb');
  });

  it('switches the profile to English with the keyboard: texts, title, html lang, dates and amounts; and back', async () => {
    openProfile();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Hei, Kari' })).toBeInTheDocument();
    const travel = () => screen.getByRole('region', { name: /^(Reiseforsikring|Travel insurance)$/ });
    // The sections below the form load their code after the page's.
    await screen.findByRole('region', { name: 'Reiseforsikring' });
    expect(within(travel()).getByText('1 200 kr')).toBeInTheDocument();
    expect(within(travel()).getByText('01-01-2026')).toBeInTheDocument();
    expect(screen.getByText('Totalverdi: 135 000,-')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '110 000,-' })).toBeInTheDocument();

    within(switchGroup()).getByRole('button', { name: 'English' }).focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: 'Hi, Kari' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Min side – Musikerportalen');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'My details' })).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveValue('Kari');
    expect(screen.getByLabelText(/Gender/)).toHaveDisplayValue('Woman');
    expect(within(travel()).getByText('NOK 1,200')).toBeInTheDocument();
    expect(within(travel()).getByText('1 Jan 2026')).toBeInTheDocument();
    expect(within(travel()).getByText('31 Dec 2026')).toBeInTheDocument();
    expect(screen.getByText('Total value: NOK 135,000')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'NOK\u00a0110,000' })).toBeInTheDocument();
    expect(screen.getAllByRole('cell', { name: '1 Feb 2026' })).toHaveLength(2);
    expect(within(switchGroup()).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');

    // English is the certificate offered first.
    const certificates = within(travel()).getAllByRole('button', { name: /Certificate in/ });
    expect(certificates.map((button) => button.textContent)).toEqual(['Certificate in English (PDF)', 'Certificate in Norwegian (PDF)']);

    await user.click(within(switchGroup()).getByRole('button', { name: 'Norsk' }));
    expect(await screen.findByRole('heading', { name: 'Hei, Kari' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('nb');
    expect(within(travel()).getByText('1 200 kr')).toBeInTheDocument();
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('nb');
  });

  it('keeps what the member typed when the language changes', async () => {
    openProfile();
    const user = userEvent.setup();
    const address = await screen.findByLabelText(/Adresse/);
    await user.clear(address);
    await user.type(address, 'Lillegata 2');
    await user.click(within(switchGroup()).getByRole('button', { name: 'English' }));
    expect(await screen.findByLabelText(/Address/)).toHaveValue('Lillegata 2');
  });

  it('gives the form rules’ messages in English', async () => {
    const user = userEvent.setup();
    renderApp('/new-member');
    await screen.findByRole('heading', { name: 'Bli medlem' });
    await user.click(within(switchGroup()).getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Join' })).toBeInTheDocument();
    expect(document.title).toBe('Join – Musikerportalen');
    await user.type(screen.getByLabelText(/^Email/), 'kari@');
    await user.type(screen.getByLabelText(/^Password/), 'kort');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findAllByText('Required field')).toHaveLength(3);
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('The password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('You must accept the membership terms')).toBeInTheDocument();
    expect(screen.queryByText('Påkrevd felt')).toBeNull();
  });

  it('turns the messages already shown into English, and back, without checking the form again', async () => {
    const user = userEvent.setup();
    renderApp('/new-member');
    await user.click(await screen.findByRole('button', { name: 'Send søknad' }));
    expect(await screen.findAllByText('Påkrevd felt')).toHaveLength(4);
    expect(screen.getByLabelText(/Fornavn/)).toHaveAccessibleDescription('Påkrevd felt');
    await user.click(within(switchGroup()).getByRole('button', { name: 'English' }));
    expect(await screen.findAllByText('Required field')).toHaveLength(4);
    expect(screen.getByLabelText(/First name/)).toHaveAccessibleDescription('Required field');
    expect(screen.getByText('The password must be at least 8 characters')).toBeInTheDocument();
    await user.click(within(switchGroup()).getByRole('button', { name: 'Norsk' }));
    expect(await screen.findAllByText('Påkrevd felt')).toHaveLength(4);
  });

  it('marks the staff-written content as Norwegian on an English page', async () => {
    const user = userEvent.setup();
    renderApp('/new-member');
    const content = await screen.findByText('Innhold for bli-medlem');
    await user.click(within(switchGroup()).getByRole('button', { name: 'English' }));
    await screen.findByRole('heading', { name: 'Join' });
    expect(content.closest('[lang]')).toHaveAttribute('lang', 'nb');
    expect(screen.getByRole('heading', { name: 'Tekst bli-medlem' })).toHaveAttribute('lang', 'nb');
  });

  it('shows the public check in English, with the verdict in Norwegian beside it', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    server.use(
      http.get('*/api/verify/:token', () =>
        HttpResponse.json({
          data: {
            state: 'valid',
            kind: 'travel',
            first_name: 'Kari',
            last_initial: 'N',
            member_number: 10007,
            valid_until: '2026-12-31',
            period: { from: '2026-01-01', to: '2026-12-31' },
            product: 'Europa',
          },
        }),
      ),
    );
    renderApp('/verify/AQcAAAAB');
    expect(await screen.findByRole('heading', { name: /Valid member/ })).toBeInTheDocument();
    expect(screen.getByText('Gyldig medlem')).toHaveAttribute('lang', 'nb');
    expect(screen.getByText('1 Jan 2026 – 31 Dec 2026')).toBeInTheDocument();
    expect(screen.getByText('Travel insurance Europe (all of Europe)')).toBeInTheDocument();
    expect(document.title).toBe('Member card check – Musikerportalen');
  });

  it('keeps the choice on the device: a new visit opens in English, and signing out keeps it', async () => {
    openProfile();
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Hei, Kari' });
    await user.click(within(switchGroup()).getByRole('button', { name: 'English' }));
    await screen.findByRole('heading', { name: 'Hi, Kari' });
    cleanup();

    // A reload: the app starts again from what the device stored.
    openProfile();
    expect(await screen.findByRole('heading', { name: 'Hi, Kari' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Min side' })).toBeInTheDocument();
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
  });
});

describe('the catalogues', () => {
  /** Every key path of a catalogue, functions and arrays as leaves. */
  const paths = (value: unknown, prefix = ''): string[] =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value).flatMap(([key, inner]) => paths(inner, prefix ? `${prefix}.${key}` : key))
      : [prefix];

  it('English has exactly the keys bokmål has', () => {
    expect(paths(englishCatalogue({ email: 'post@example.no', phone: '22 00 00 00' })).sort()).toEqual(paths(minSideNb).sort());
    expect(paths(instrumentsEn).sort()).toEqual(paths(instrumentsNb).sort());
    expect(paths(pagesEn).sort()).toEqual(paths(pagesNb).sort());
  });

  it('keeps the spec’s bokmål texts', () => {
    expect(minSideNb.validation.required).toBe('Påkrevd felt');
    expect(pagesNb.register.invalidCampaign).toBe('Ugyldig Kampanje kode');
    expect(minSideNb.travel.empty).toBe('Ingen aktive reiseforsikring');
  });
});
