/**
 * `react-dom/client` in Min side's build (tools/vite/member-renderer.ts): preact/compat's
 * createRoot, with one thing React's renderer does that Preact leaves to the browser. React focuses
 * an element rendered with `autoFocus` when it is mounted; Preact writes the `autofocus` attribute,
 * which the browser honours only once per page load, so a code field or a confirmation shown later
 * would not take the focus. Here each such element is focused once, when it is first attached.
 */
import { options, type VNode } from 'preact';

export { createRoot, hydrateRoot } from 'preact/compat/client';

type Ref = ((element: Element | null) => void) | { current: Element | null } | null | undefined;

const focused = new WeakSet<Element>();

const focusOnceThen = (original: Ref) => (element: Element | null) => {
  if (element instanceof HTMLElement && element.isConnected && !focused.has(element)) {
    focused.add(element);
    element.focus();
  }
  if (typeof original === 'function') original(element);
  else if (original) original.current = element;
};

const previous = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as { autoFocus?: unknown };
  if (typeof vnode.type === 'string' && props.autoFocus) {
    delete props.autoFocus;
    vnode.ref = focusOnceThen(vnode.ref as Ref) as VNode['ref'];
  }
  previous?.(vnode);
};
