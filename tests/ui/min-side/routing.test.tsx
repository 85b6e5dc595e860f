/** Routing that never strands anyone: every address, a blocked member on every page, and deploys. */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reloadOnChunkFailure } from '../../../src/common/chunk-reload.ts';
import { entryFor } from '../../../src/common/routing.ts';
import { installFakeApi, makeMember, memberApi, renderApp, signInAs } from './harness.tsx';

installFakeApi();

const member = { role: 2, userId: 7, registrationCompleted: 1 };
const applicant = { role: 1, userId: 8, registrationCompleted: 0 };
const staff = { role: 3, userId: 1, registrationCompleted: 1 };

describe('what a page load opens', () => {
  it('sends a signed-in member on an unknown or staff address to their profile, never to the staff app', () => {
    for (const path of ['/finnes-ikke', '/membership', '/membership/edit/3', '/', '/reset-password']) {
      expect(entryFor(path, member)).toEqual({ redirect: '/profile/7' });
    }
    expect(entryFor('/finnes-ikke', applicant)).toEqual({ redirect: '/new-member/update/8' });
    expect(entryFor('/membership', applicant)).toEqual({ redirect: '/new-member/update/8' });
  });

  it('sends a visitor on an unknown address to /, staff to the overview, and opens the right app otherwise', () => {
    expect(entryFor('/finnes-ikke', null)).toEqual({ redirect: '/' });
    expect(entryFor('/finnes-ikke', staff)).toEqual({ redirect: '/membership' });
    expect(entryFor('/membership', null)).toEqual({ app: 'staff' });
    expect(entryFor('/membership', staff)).toEqual({ app: 'staff' });
    expect(entryFor('/profile/7', member)).toEqual({ app: 'member' });
    expect(entryFor('/new-member', null)).toEqual({ app: 'member' });
  });

  it('sends a signed-in member on an unknown Min side address home', async () => {
    const kari = makeMember();
    memberApi(kari);
    signInAs(kari);
    renderApp('/profile/edit/finnes-ikke/7/mer');
    expect(await screen.findByRole('heading', { name: 'Hei, Kari' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/7');
  });
});

describe('a blocked member', () => {
  it.each(['/profile/7', '/profile/edit/travel-insurane/7', '/profile/edit/instrument-insurance/7'])('sees only the blocked screen at %s', async (path) => {
    const blocked = makeMember({ blocked_access: true });
    memberApi(blocked);
    signInAs(blocked);
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Din konto har blitt sperret!' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading')).toHaveLength(1);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});

describe('after a deploy', () => {
  it('reloads the page once when a script of the old build cannot be loaded, not in a loop', () => {
    const reload = vi.fn();
    const target = new EventTarget() as unknown as Window;
    const stored = new Map<string, string>();
    let now = 1_000_000;
    const storage = { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) };
    reloadOnChunkFailure(target, { storage, reload, now: () => now });
    target.dispatchEvent(new Event('vite:preloadError'));
    expect(reload).toHaveBeenCalledTimes(1);
    now += 5_000;
    target.dispatchEvent(new Event('vite:preloadError'));
    expect(reload).toHaveBeenCalledTimes(1);
    now += 120_000;
    target.dispatchEvent(new Event('vite:preloadError'));
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
