/**
 * react-admin 5.15's DataTable puts a row checkbox's aria-label on MUI's wrapping span, so the
 * input itself has no name (axe: 'label' and 'aria-prohibited-attr'). This moves each label onto
 * its input while the list is shown; remove it when react-admin labels the input itself.
 */
import { useEffect, type RefObject } from 'react';

function relabel(root: HTMLElement): void {
  for (const span of root.querySelectorAll<HTMLElement>('.RaDataTable-checkbox[aria-label]')) {
    const input = span.querySelector('input');
    if (!input) continue;
    input.setAttribute('aria-label', span.getAttribute('aria-label') ?? '');
    span.removeAttribute('aria-label');
  }
}

export function useRowCheckboxLabels(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    relabel(root);
    const observer = new MutationObserver(() => relabel(root));
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
    return () => observer.disconnect();
  }, [container]);
}
