/** WCAG 1.4.11: Min side's focus ring keeps 3:1 against every background a focusable element sits on (axe does not check it). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(path.join(import.meta.dirname, '../../../src/min-side/styles.css'), 'utf8');

function variable(name: string): string {
  const match = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})`).exec(css);
  if (!match) throw new Error(`--${name} is not a six-digit colour in styles.css`);
  return match[1];
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [dark, light] = [luminance(a), luminance(b)].sort((x, y) => x - y);
  return (light + 0.05) / (dark + 0.05);
}

describe('the focus ring', () => {
  // Cards and fields (white), the page, the top bar with 'Logg ut' (brand), and the toasts.
  it.each(['card', 'bg', 'brand', 'brand-dark', 'error-bg', 'success-bg'])('has at least 3:1 against --%s', (background) => {
    expect(contrast(variable('focus'), variable(background))).toBeGreaterThanOrEqual(3);
  });

  it('is the only outline colour the member app uses', () => {
    const outlines = [...css.matchAll(/outline:\s*([^;]+);/g)].map((match) => match[1].trim());
    expect(outlines.length).toBeGreaterThan(0);
    for (const outline of outlines) expect(outline === 'none' || outline.includes('var(--focus)'), outline).toBe(true);
  });
});
