/**
 * The rich-text editor (ProseMirror) measures the page when it takes focus; jsdom does no layout.
 * Call at a test file's top: empty rectangles for ranges and elements, and no element at a point.
 */
import { beforeAll } from 'vitest';

export function withEditorLayout(): void {
  beforeAll(() => {
    const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
    Range.prototype.getClientRects = noRects;
    Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
    if (!document.elementFromPoint) document.elementFromPoint = () => null;
    Element.prototype.getClientRects ??= noRects;
  });
}
