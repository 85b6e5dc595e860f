/**
 * Min side's build renders with preact/compat through src/min-side/preact-client.ts, which focuses an
 * element rendered with `autoFocus` when it is shown, as React does (Preact only writes the attribute,
 * which a browser need not honour for an element shown after the page loaded).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createElement as h, Fragment } from 'preact/compat';
import { createRoot } from '../../../src/min-side/preact-client.ts';

describe("Min side's renderer", () => {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  afterEach(() => root.render(h(Fragment, null)));

  const ask = (asking: boolean, label = 'Ja') =>
    h('div', null, h('button', { type: 'button' }, 'Stopp'), asking ? h('button', { type: 'button', autoFocus: true }, label) : null);

  it('focuses an autoFocus element when it is shown, each time it is shown again', async () => {
    root.render(ask(false));
    await Promise.resolve();
    expect(document.activeElement).toBe(document.body);
    root.render(ask(true));
    await expect.poll(() => document.activeElement?.textContent).toBe('Ja');
    (host.querySelector('button') as HTMLButtonElement).focus();
    root.render(ask(false));
    root.render(ask(true));
    await expect.poll(() => document.activeElement?.textContent).toBe('Ja');
  });

  it('focuses it once: a later render of the same element leaves the focus where the user put it', async () => {
    root.render(ask(true));
    await expect.poll(() => document.activeElement?.textContent).toBe('Ja');
    (host.querySelector('button') as HTMLButtonElement).focus();
    root.render(ask(true, 'Ja, stopp'));
    await expect.poll(() => host.textContent).toBe('StoppJa, stopp');
    expect(document.activeElement?.textContent).toBe('Stopp');
  });

  it('still hands the element to the ref it was given', async () => {
    const ref = { current: null as Element | null };
    root.render(h('input', { autoFocus: true, ref, 'aria-label': 'Kode' }));
    await expect.poll(() => ref.current?.getAttribute('aria-label')).toBe('Kode');
    expect(document.activeElement).toBe(ref.current);
  });
});
