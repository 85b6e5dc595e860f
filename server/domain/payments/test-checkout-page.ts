/**
 * The frame of the embedded test checkout's pages (no Vipps settings, never in production): a
 * banner that says it is not Vipps, one card, and Vipps-like buttons, readable and usable by
 * keyboard at a phone's width.
 */
import { escapeHtml } from '../../lib/html.ts';

/** Whole kroner as the test pages show an amount: 129050 → '1 291 kr'. */
export const kroner = (ore: number) =>
  `${Math.round(ore / 100)
    .toLocaleString('nb-NO')
    .replace(/\s/g, ' ')} kr`;

const STYLE = `
  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, sans-serif; background: #f3f1f8; color: #1b1b1b; line-height: 1.5; }
  main { max-width: 28rem; margin: 0 auto; padding: 1rem; }
  .banner { background: #fff3cd; border: 2px solid #8a6d00; color: #3d3000; padding: .75rem 1rem; border-radius: .5rem; font-weight: 600; }
  .card { background: #fff; border-radius: .75rem; padding: 1.25rem; margin-top: 1rem; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  h1 { font-size: 1.5rem; margin: .5rem 0; color: #3a1f7a; }
  h2 { font-size: 1.125rem; margin: 1rem 0 .5rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: .25rem 0; }
  ul { padding: 0; list-style: none; }
  li { border-top: 1px solid #ddd; padding: .5rem 0; }
  button, input { font: inherit; }
  fieldset { border: 0; padding: 0; margin: 0; }
  legend { padding: 0; color: #444; }
  label { display: block; font-weight: 600; margin-top: .75rem; }
  input { width: 100%; padding: .6rem; font-size: 1rem; border: 1px solid #6b6b6b; border-radius: .375rem; }
  .buttons { display: flex; gap: .75rem; margin-top: 1.25rem; flex-wrap: wrap; }
  button { flex: 1 1 10rem; min-height: 2.75rem; font-size: 1rem; font-weight: 600; border-radius: .375rem; cursor: pointer; }
  .approve { background: #ff5b24; color: #1b1b1b; border: 2px solid #ff5b24; }
  .abort { background: #fff; color: #1b1b1b; border: 2px solid #1b1b1b; }
  a { color: #3a1f7a; }
  :focus-visible { outline: 3px solid #1a4fd6; outline-offset: 2px; }
`;

/** A whole test page: `what` names it in the banner ('TESTBETALING', 'TESTAVTALE'); `body` is trusted HTML. */
export function testCheckoutFrame(title: string, what: string, body: string): string {
  return `<!doctype html>
<html lang="nb">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="banner" role="note">${escapeHtml(what)} – dette er ikke Vipps, og ingen penger trekkes. Siden finnes bare når Vipps ikke er satt opp.</p>
${body}
</main>
</body>
</html>`;
}
