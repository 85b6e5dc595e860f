/**
 * The router adapter the production build gives react-admin (src/common/shims/ra-router-in-app.ts):
 * react-router's hooks inside the app's router, a navigate function that stays the same across
 * navigations, and a clear error instead of a router of its own when rendered outside one.
 */
import { render, screen, act } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { reactRouterProvider as adapter } from '../../../src/common/shims/ra-router-in-app.ts';

describe('react-admin’s router adapter in the staff build', () => {
  it('navigates with one stable function and reports the location', async () => {
    const seen: unknown[] = [];
    let go: (to: string) => void = () => undefined;
    function Probe() {
      const navigate = adapter.useNavigate();
      const location = adapter.useLocation();
      seen.push(navigate);
      go = navigate;
      return <output>{location.pathname}</output>;
    }
    render(
      <MemoryRouter initialEntries={['/membership']}>
        <adapter.RouterWrapper>
          <Probe />
        </adapter.RouterWrapper>
      </MemoryRouter>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('/membership');
    await act(async () => go('/access-log'));
    expect(screen.getByRole('status')).toHaveTextContent('/access-log');
    expect(new Set(seen).size).toBe(1);
    expect(adapter.useCanBlock()).toBe(false);
  });

  it('refuses to render outside the app’s router, naming where it belongs', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      render(
        <adapter.RouterWrapper>
          <p>side</p>
        </adapter.RouterWrapper>,
      ),
    ).toThrow('react-admin must render inside the app’s BrowserRouter');
    quiet.mockRestore();
  });
});
