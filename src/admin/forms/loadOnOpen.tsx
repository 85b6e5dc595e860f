/**
 * A dialog whose code loads when it first opens: the rich-text editor (tiptap and ProseMirror,
 * about a third of a staff page's scripts) stays out of a page's first load while its dialog is
 * closed. Once loaded it stays mounted, so the dialog's closing transition still plays.
 */
import { lazy, Suspense, useState, type ComponentType } from 'react';

export function loadOnOpen<P extends { open: boolean }>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Dialog = lazy(load);
  function OnOpen(props: P) {
    const [wanted, setWanted] = useState(props.open);
    if (props.open && !wanted) setWanted(true);
    return wanted ? (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    ) : null;
  }
  return OnOpen;
}
