import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeMember, memberApi, renderApp, server, signInAs, installFakeApi } from './harness.tsx';
import { LOCALE_STORAGE_KEY } from '../../../src/min-side/texts.ts';
import type { VippsAgreementView } from '../../../server/schemas/vipps-agreements.ts';

installFakeApi();

const TITLE = 'Trekk kontingenten automatisk med Vipps';

const agreement = (state: 'PENDING' | 'ACTIVE' | 'STOPPED', extra: Partial<NonNullable<VippsAgreementView['agreement']>> = {}) => ({
  id: 1,
  agreement_id: 'agr_000001',
  state,
  price: 145000,
  includes_premiums: false,
  premiums: 0,
  product_name: 'Medlemskap',
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  stopped_at: null,
  stopped_by: null,
  redirect_url: state === 'PENDING' ? 'https://landing.vipps.test/recurring/agr_000001' : null,
  ...extra,
});

function agreementApi(memberId: number, first: VippsAgreementView['agreement'], premiums = 0) {
  const calls: string[] = [];
  const bodies: unknown[] = [];
  const view = (current: VippsAgreementView['agreement']): VippsAgreementView => ({
    available: true,
    test_checkout: false,
    price: 145000,
    premiums,
    agreement: current,
    events: [],
    charges:
      current?.state === 'ACTIVE'
        ? [
            {
              id: 3,
              invoice_id: 9,
              invoice_number: 1042,
              charge_id: 'mp-faktura-1042',
              amount: 145000,
              due_date: '2027-01-15',
              retry_days: 5,
              state: 'CHARGED',
              failure_reason: null,
              fell_back_at: null,
              updated_at: '2027-01-15T06:00:00.000Z',
            },
          ]
        : [],
  });
  server.use(
    http.get(`*/api/member/${memberId}/vipps-agreement`, () => HttpResponse.json({ data: view(first) })),
    http.post(`*/api/member/${memberId}/vipps-agreement`, async ({ request }) => {
      calls.push('POST');
      bodies.push(await request.json());
      return HttpResponse.json({ message: 'Vi fikk ikke laget avtalen hos Vipps. Vipps har en feil akkurat nå. Prøv igjen om litt.' }, { status: 502 });
    }),
    http.delete(`*/api/member/${memberId}/vipps-agreement`, () => {
      calls.push('DELETE');
      return HttpResponse.json({ data: view(agreement('STOPPED', { stopped_by: 'member', stopped_at: '2026-11-02T10:00:00.000Z' })) });
    }),
  );
  postBodies = bodies;
  return calls;
}

/** What the card last POSTed (the choices sent with 'Start avtale med Vipps'). */
let postBodies: unknown[] = [];

async function card(path?: string) {
  const member = makeMember();
  memberApi(member);
  signInAs(member);
  return {
    member,
    open: async (first: VippsAgreementView['agreement'], premiums = 0) => {
      const calls = agreementApi(member.id, first, premiums);
      renderApp(path ?? `/profile/${member.id}`);
      return { calls, region: await screen.findByRole('region', { name: TITLE }) };
    },
  };
}

describe("'Trekk kontingenten automatisk med Vipps'", () => {
  it('offers to start an agreement at this year’s dues, and says so when Vipps fails', async () => {
    const { open } = await card();
    const { calls, region } = await open(null);
    expect(await within(region).findByText('kr 1 450')).toBeInTheDocument();
    expect(within(region).queryByRole('checkbox')).toBeNull();
    await userEvent.click(within(region).getByRole('button', { name: 'Start avtale med Vipps' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('Vi fikk ikke laget avtalen hos Vipps');
    expect(calls).toEqual(['POST']);
  });

  it('offers to draw the insurance premiums too: the price shown follows the choice, and the choice is sent', async () => {
    const { open } = await card();
    const { calls, region } = await open(null, 49000);
    expect(await within(region).findByText('kr 1 450')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('checkbox', { name: 'Trekk også forsikringspremiene (kr 490 i året nå)' }));
    expect(within(region).getByText('kr 1 940')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Start avtale med Vipps' }));
    await within(region).findByRole('alert');
    expect(calls).toEqual(['POST']);
    expect(postBodies).toEqual([{ includes_premiums: true }]);
  });

  it('shows what an active agreement draws, with no choice left to make', async () => {
    const { open } = await card();
    const { region } = await open(agreement('ACTIVE', { includes_premiums: true, premiums: 49000, price: 194000 }));
    expect(await within(region).findByText('Kontingenten og forsikringspremiene')).toBeInTheDocument();
    expect(within(region).getByText('kr 1 940')).toBeInTheDocument();
    expect(within(region).queryByRole('checkbox')).toBeNull();
  });

  it('shows a waiting agreement with the way to approve it in Vipps', async () => {
    const { open } = await card();
    const { region } = await open(agreement('PENDING'));
    expect(await within(region).findByText('Venter på godkjenning')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Godkjenn avtalen i Vipps' })).toHaveAttribute('href', 'https://landing.vipps.test/recurring/agr_000001');
  });

  it('shows an active agreement and its charges, and stops it only after a confirmation', async () => {
    const { open } = await card();
    const { calls, region } = await open(agreement('ACTIVE'));
    expect(await within(region).findByText('Aktiv')).toBeInTheDocument();
    expect(within(region).getByRole('listitem')).toHaveTextContent('Faktura 1042: kr 1 450, forfall 15-01-2027 – Trukket');
    await userEvent.click(within(region).getByRole('button', { name: 'Stopp avtalen' }));
    expect(within(region).getByText(/Vil du stoppe avtalen\?/)).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Avbryt' }));
    expect(calls).toEqual([]);
    await userEvent.click(within(region).getByRole('button', { name: 'Stopp avtalen' }));
    await userEvent.click(within(region).getByRole('button', { name: 'Ja, stopp avtalen' }));
    expect(await within(region).findByText('Avtalen er stoppet.')).toBeInTheDocument();
    expect(within(region).getByText('Stoppet')).toBeInTheDocument();
    expect(within(region).getByText('Du stoppet avtalen.')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Start avtale med Vipps' })).toBeInTheDocument();
    expect(calls).toEqual(['DELETE']);
  });

  it('says the agreement is approved when Vipps sends the member back', async () => {
    const member = makeMember();
    memberApi(member);
    signInAs(member);
    agreementApi(member.id, agreement('ACTIVE'));
    renderApp(`/profile/${member.id}?vipps_agreement=return`);
    const region = await screen.findByRole('region', { name: TITLE });
    expect(await within(region).findByText('Avtalen er godkjent. Kontingenten trekkes automatisk fra neste faktura.')).toBeInTheDocument();
  });

  it('an applicant who joined with an agreement sees it and can stop it, but is not offered one to start', async () => {
    const member = makeMember({ role_id: 1 });
    memberApi(member);
    signInAs(member);
    const calls = agreementApi(member.id, agreement('ACTIVE'));
    renderApp(`/profile/${member.id}`);
    const region = await screen.findByRole('region', { name: TITLE });
    expect(await within(region).findByText('Aktiv')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Stopp avtalen' }));
    await userEvent.click(within(region).getByRole('button', { name: 'Ja, stopp avtalen' }));
    expect(await within(region).findByText('Avtalen er stoppet.')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Start avtale med Vipps' })).toBeNull();
    expect(calls).toEqual(['DELETE']);
  });

  it('an applicant without an agreement sees no card', async () => {
    const member = makeMember({ role_id: 1 });
    memberApi(member);
    signInAs(member);
    let asked = false;
    server.use(
      http.get(`*/api/member/${member.id}/vipps-agreement`, () => {
        asked = true;
        return HttpResponse.json({ data: { available: true, test_checkout: false, price: 145000, agreement: null, events: [], charges: [] } });
      }),
    );
    renderApp(`/profile/${member.id}`);
    await screen.findByRole('heading', { name: 'Hei, Kari' });
    await expect.poll(() => asked).toBe(true);
    expect(screen.queryByRole('region', { name: TITLE })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start avtale med Vipps' })).toBeNull();
  });

  it('speaks English when the member chose it', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    const member = makeMember();
    memberApi(member);
    signInAs(member);
    agreementApi(member.id, agreement('ACTIVE', { stopped_by: null }));
    renderApp(`/profile/${member.id}`);
    const region = await screen.findByRole('region', { name: 'Pay your dues automatically with Vipps' });
    expect(await within(region).findByText('Active')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Stop the agreement' })).toBeInTheDocument();
  });
});
