/** 'Skademeldinger' on Min side: each claim's state, outcome and our note, the packet, and withdrawing while it can be withdrawn. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, makeMember, memberApi, renderApp, server, signInAs } from './harness.tsx';
import { instrumentsApi, makeClaim } from './claim-fixtures.ts';
import { LOCALE_STORAGE_KEY } from '../../../src/min-side/texts.ts';
import type { Claim } from '../../../src/min-side/claims/api.ts';

installFakeApi();
afterEach(() => vi.restoreAllMocks());

const kari = makeMember();
const instrument = (make: string, model: string) => ({ ...makeClaim().snapshot.instrument, make, model });
const CLAIMS: Claim[] = [
  makeClaim({ id: 41, created_at: '2026-05-03T08:00:00.000Z' }),
  makeClaim({
    id: 40,
    kind: 'damage',
    state: 'in_progress',
    police_report: null,
    country: 'NO',
    place: 'Trondheim',
    created_at: '2026-04-01T08:00:00.000Z',
    note: 'Vi har bedt om et prisoverslag fra verkstedet.',
    snapshot: { ...makeClaim().snapshot, instrument: instrument('Yamaha', 'P-125') },
  }),
  makeClaim({
    id: 39,
    kind: 'loss',
    state: 'decided',
    outcome: 'partly_approved',
    police_report: null,
    created_at: '2026-03-01T08:00:00.000Z',
    note: 'Egenandelen er trukket fra.',
    snapshot: { ...makeClaim().snapshot, instrument: instrument('Selmer', 'Mark VI') },
  }),
  makeClaim({
    id: 38,
    kind: 'damage',
    state: 'withdrawn',
    police_report: null,
    created_at: '2026-02-01T08:00:00.000Z',
    snapshot: { ...makeClaim().snapshot, instrument: instrument('Roland', 'Juno') },
  }),
];

function claimsApi(claims = CLAIMS) {
  const patches: unknown[] = [];
  const packets: string[] = [];
  server.use(
    http.get('*/api/member/7/claim', () => HttpResponse.json({ data: claims })),
    http.patch('*/api/claim/:id', async ({ params, request }) => {
      const body = await request.json();
      patches.push({ id: Number(params.id), body });
      const claim = claims.find((one) => one.id === Number(params.id))!;
      return HttpResponse.json({
        data: {
          ...claim,
          state: 'withdrawn',
          events: [...claim.events, { state: 'withdrawn', outcome: null, note: null, created_at: '2026-05-04T08:00:00.000Z' }],
        },
      });
    }),
    http.get('*/api/claim/:id/packet', ({ params, request }) => {
      packets.push(`${String(params.id)}${new URL(request.url).search}`);
      return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { headers: { 'Content-Type': 'application/pdf' } });
    }),
  );
  return { patches, packets };
}

function openList() {
  memberApi(kari);
  signInAs(kari);
  renderApp('/profile/claims/7');
  return userEvent.setup();
}

const claimNamed = (name: string) => screen.findByRole('article', { name });

describe("'Skademeldinger'", () => {
  it('is reached from the instrument screen and has a title naming it', async () => {
    memberApi(kari);
    instrumentsApi();
    claimsApi();
    signInAs(kari);
    const user = userEvent.setup();
    renderApp('/profile/edit/instrument-insurance/7?tab=active');
    await user.click(await screen.findByRole('link', { name: 'Skademeldinger' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Skademeldinger' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Skademeldinger – Musikerportalen'));
  });

  it('lists each claim, newest first, with its state in words, the outcome, our note and the packet; withdraw only while open', async () => {
    claimsApi([CLAIMS[2], CLAIMS[0], CLAIMS[3], CLAIMS[1]]);
    openList();
    await claimNamed('Tyveri: Fender Telecaster');
    const articles = screen.getAllByRole('article');
    expect(articles.map((article) => within(article).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Tyveri: Fender Telecaster',
      'Skade: Yamaha P-125',
      'Tap: Selmer Mark VI',
      'Skade: Roland Juno',
    ]);
    const states = articles.map((article) => article.querySelector('.claim-state')?.textContent);
    expect(states).toEqual(['Sendt', 'Under behandling', 'Avgjort', 'Trukket']);

    const decided = articles[2];
    expect(within(decided).getByText('Utfall').nextElementSibling).toHaveTextContent('Delvis godkjent');
    expect(within(decided).getByText('Egenandelen er trukket fra.')).toBeInTheDocument();
    expect(within(articles[1]).getByText('Melding fra oss')).toBeInTheDocument();
    expect(within(articles[1]).getByText('Vi har bedt om et prisoverslag fra verkstedet.')).toBeInTheDocument();
    expect(within(articles[1]).getByText('Trondheim, Norge')).toBeInTheDocument();
    expect(within(articles[0]).getByText('Göteborg, Ullevi, Sverige')).toBeInTheDocument();

    for (const [index, article] of articles.entries()) {
      expect(within(article).getByRole('button', { name: /^Last ned skademelding \(PDF\) – sak \d+$/ })).toBeInTheDocument();
      const withdraw = within(article).queryByRole('button', { name: /^Trekk skademeldingen/ });
      if (index < 2) expect(withdraw).toBeInTheDocument();
      else expect(withdraw).not.toBeInTheDocument();
    }
  });

  it('withdraws a claim after asking, and it then reads "Trukket"', async () => {
    const { patches } = claimsApi();
    const user = openList();
    const claim = await claimNamed('Skade: Yamaha P-125');
    await user.click(within(claim).getByRole('button', { name: 'Trekk skademeldingen – sak 40' }));
    expect(within(claim).getByText(/^Vil du trekke skademeldingen\?/)).toHaveFocus();
    await user.click(within(claim).getByRole('button', { name: 'Avbryt' }));
    expect(within(claim).getByRole('button', { name: 'Trekk skademeldingen – sak 40' })).toHaveFocus();
    expect(patches).toEqual([]);

    await user.keyboard('{Enter}');
    await user.click(within(claim).getByRole('button', { name: 'Ja, trekk den' }));
    await waitFor(() => expect(claim.querySelector('.claim-state')).toHaveTextContent('Trukket'));
    expect(patches).toEqual([{ id: 40, body: { state: 'withdrawn' } }]);
    expect(within(claim).queryByRole('button', { name: /Trekk skademeldingen/ })).not.toBeInTheDocument();
    expect(within(claim).getByText('Skademeldingen er trukket.')).toBeInTheDocument();
  });

  it("shows the server's refusal to withdraw where it was asked", async () => {
    claimsApi();
    server.use(http.patch('*/api/claim/:id', () => HttpResponse.json({ message: 'Skademeldingen er allerede avgjort.' }, { status: 409 })));
    const user = openList();
    const claim = await claimNamed('Tyveri: Fender Telecaster');
    await user.click(within(claim).getByRole('button', { name: 'Trekk skademeldingen – sak 41' }));
    await user.click(within(claim).getByRole('button', { name: 'Ja, trekk den' }));
    expect(await within(claim).findByRole('alert')).toHaveTextContent('Skademeldingen er allerede avgjort.');
    expect(claim.querySelector('.claim-state')).toHaveTextContent('Sendt');
  });

  it('downloads the packet of the claim asked for', async () => {
    const { packets } = claimsApi();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = openList();
    const claim = await claimNamed('Tap: Selmer Mark VI');
    await user.click(within(claim).getByRole('button', { name: 'Last ned skademelding (PDF) – sak 39' }));
    await waitFor(() => expect(saved).toEqual(['skademelding-39.pdf']));
    expect(packets).toEqual(['39?lang=nb']);
  });

  it('says so when there are none', async () => {
    claimsApi([]);
    openList();
    expect(await screen.findByText('Du har ingen skademeldinger.')).toBeInTheDocument();
  });

  it('is in English in English', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    claimsApi();
    openList();
    expect(await screen.findByRole('heading', { level: 1, name: 'Claims' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Claims – Musikerportalen'));
    const decided = await claimNamed('Loss: Selmer Mark VI');
    expect(decided.querySelector('.claim-state')).toHaveTextContent('Decided');
    expect(within(decided).getByText('Outcome').nextElementSibling).toHaveTextContent('Partly approved');
    expect(within(decided).getByText('Message from us')).toBeInTheDocument();
    const theft = await claimNamed('Theft: Fender Telecaster');
    expect(theft.querySelector('.claim-state')).toHaveTextContent('Sent');
    expect(within(theft).getByText('Göteborg, Ullevi, Sweden')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw the claim – case 40' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download claim report (PDF) – case 39' })).toBeInTheDocument();
  });
});

describe('one claim', () => {
  it('opens from its address with everything it recorded, its history and our note', async () => {
    server.use(
      http.get('*/api/claim/39', () =>
        HttpResponse.json({
          data: {
            ...CLAIMS[2],
            events: [
              { state: 'sent', outcome: null, note: null, created_at: '2026-03-01T08:00:00.000Z' },
              { state: 'decided', outcome: 'partly_approved', note: 'Egenandelen er trukket fra.', created_at: '2026-03-20T08:00:00.000Z' },
            ],
          },
        }),
      ),
    );
    memberApi(kari);
    signInAs(kari);
    renderApp('/profile/claims/7/39');
    const claim = await claimNamed('Tap: Selmer Mark VI');
    await waitFor(() => expect(document.title).toBe('Skademelding – Musikerportalen'));
    expect(within(claim).getByText('Alle opplysninger').closest('details')).toHaveAttribute('open');
    expect(within(claim).getByText('Gitaren ble stjålet fra bilen etter konserten.')).toBeInTheDocument();
    expect(within(claim).getByText('Kvittering – kvittering.jpg')).toBeInTheDocument();
    expect(within(claim).getByText('POL-778899')).toBeInTheDocument();
    expect(within(claim).getByText(/Avgjort \(Delvis godkjent\)/)).toBeInTheDocument();
    expect(within(claim).queryByRole('button', { name: /Trekk skademeldingen/ })).not.toBeInTheDocument();
  });

  it("shows the server's answer for a claim that is not the member's", async () => {
    server.use(http.get('*/api/claim/77', () => HttpResponse.json({ message: 'Fant ikke skademeldingen.' }, { status: 404 })));
    memberApi(kari);
    signInAs(kari);
    renderApp('/profile/claims/7/77');
    expect(await screen.findByText('Fant ikke skademeldingen.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});
