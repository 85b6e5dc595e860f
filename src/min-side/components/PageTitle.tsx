import { useLayoutEffect } from 'react';

/**
 * Names the page in the browser's tab and for screen readers: document.title while the page is
 * shown, set before it paints. (Not a <title> element in the page: only React 19's renderer moves
 * one into <head>, and Min side's build renders with preact/compat, see tools/vite/member-renderer.ts.)
 */
export function PageTitle({ children }: { children: string }) {
  useLayoutEffect(() => {
    document.title = children;
  }, [children]);
  return null;
}
