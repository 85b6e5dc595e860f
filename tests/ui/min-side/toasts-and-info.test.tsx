import { act, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { installFakeApi, makeMember, memberApi, renderApp, server } from './harness.tsx';
import { ToastProvider, useNotify } from '../../../src/min-side/toasts.tsx';

installFakeApi();

function Buttons() {
  const notify = useNotify();
  return (
    <>
      <button onClick={() => notify.success('Lagret!')}>ok</button>
      <button onClick={() => notify.error('Noe gikk galt')}>feil</button>
    </>
  );
}

describe('toasts', () => {
  it('closes a success after 3 seconds and keeps an error until it is dismissed', () => {
    vi.useFakeTimers();
    try {
      render(
        <ToastProvider>
          <Buttons />
        </ToastProvider>,
      );
      act(() => screen.getByRole('button', { name: 'ok' }).click());
      act(() => screen.getByRole('button', { name: 'feil' }).click());
      expect(screen.getByRole('status')).toHaveTextContent('Lagret!');
      expect(screen.getByRole('alert')).toHaveTextContent('Noe gikk galt');
      act(() => vi.advanceTimersByTime(2900));
      expect(screen.getByRole('status')).toHaveTextContent('Lagret!');
      act(() => vi.advanceTimersByTime(200));
      expect(screen.getByRole('status')).toBeEmptyDOMElement();
      act(() => vi.advanceTimersByTime(60_000));
      expect(screen.getByRole('alert')).toHaveTextContent('Noe gikk galt');
      act(() => screen.getByRole('button', { name: 'Lukk' }).click());
      expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a page that is left', () => {
  it('leaves no success toast timer running behind it', () => {
    vi.useFakeTimers();
    try {
      const { unmount } = render(
        <ToastProvider>
          <Buttons />
        </ToastProvider>,
      );
      act(() => screen.getByRole('button', { name: 'ok' }).click());
      expect(vi.getTimerCount()).toBe(1);
      unmount();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('dismissing a toast', () => {
  it('leaves focus on the next toast, then on the page, not on nothing', async () => {
    render(
      <ToastProvider>
        <main tabIndex={-1}>
          <Buttons />
        </main>
      </ToastProvider>,
    );
    // The success first: a success after an error would end the error (an earlier try's).
    act(() => screen.getByRole('button', { name: 'ok' }).click());
    act(() => screen.getByRole('button', { name: 'feil' }).click());
    const [first, second] = screen.getAllByRole('button', { name: 'Lukk' });
    first.focus();
    act(() => first.click());
    await waitFor(() => expect(second).toHaveFocus());
    act(() => second.click());
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });
});

describe('payment result pages', () => {
  it('/vipps-thanks says what happens now: the e-mail, a password within 60 minutes, then step two', async () => {
    renderApp('/vipps-thanks');
    expect(await screen.findByRole('heading', { name: 'Takk for at du ble medlem!' })).toBeInTheDocument();
    expect(screen.queryByText(/24 timer/i)).toBeNull();
    const steps = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps).toEqual([
      expect.stringMatching(/^Sjekk e-posten din nå/),
      expect.stringMatching(/velg et passord\. Lenken virker i 60 minutter/),
      expect.stringMatching(/fullfør steg to/),
    ]);
    expect(screen.getAllByRole('link', { name: 'post@example.no' })[0]).toHaveAttribute('href', 'mailto:post@example.no');
  });

  it('/vipps-error apologises, explains the refund and gives the support contact', async () => {
    renderApp('/vipps-error');
    expect(await screen.findByText(/Bestillingen er kansellert/)).toHaveTextContent('samme e-postadresse og telefonnummer');
    expect(screen.getAllByRole('link', { name: '22 00 00 00' })[0]).toHaveAttribute('href', 'tel:22000000');
  });

  it('/vipps-cancelled says the payment was cancelled, promises no refund and offers a new try', async () => {
    renderApp('/vipps-cancelled');
    expect(await screen.findByRole('heading', { level: 1, name: 'Betalingen ble avbrutt' })).toBeInTheDocument();
    expect(screen.getByText(/Ingen penger er trukket/)).toBeInTheDocument();
    expect(screen.queryByText(/betalt tilbake|tidligere medlem/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Prøv innmeldingen på nytt' })).toHaveAttribute('href', '/new-member');
    await waitFor(() => expect(document.title).toBe('Betalingen ble avbrutt – Musikerportalen'));
  });
});

describe('insurance pages', () => {
  it('give the travel page its title and a way back', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('userId', '7');
    localStorage.setItem('userRole', '2');
    localStorage.setItem('isLoggedIn', 'true');
    localStorage.setItem('registrationCompleted', '1');
    memberApi(makeMember());
    server.use(
      http.get('*/api/product/list', () => HttpResponse.json({ data: [{ id: 1, name: 'Reiseforsikring Europa', price: 900, remote_id: null }] })),
      http.get('*/api/subscription/list', () =>
        HttpResponse.json({
          current_page: 1,
          data: [],
          from: null,
          last_page: 1,
          per_page: 25,
          to: null,
          total: 0,
        }),
      ),
    );
    renderApp('/profile/edit/travel-insurane/7');
    expect(await screen.findByRole('heading', { name: 'Reiseforsikring' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tilbake til Min side' })).toHaveAttribute('href', '/profile/7');
  });
});
