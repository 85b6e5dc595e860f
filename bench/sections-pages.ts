/** The pages as a browser gets them: first-load JavaScript and layout shift, and Lighthouse. */
import path from 'node:path';
import { isMemberPath } from '../src/common/member-paths.ts';
import { measureFirstLoads } from './first-load.ts';
import { describeLighthouse, measureLighthouse } from './lighthouse.ts';
import { root } from './run-settings.ts';

/**
 * Gzip KB budgets (JavaScript and CSS) per route, the issues' first-load goals: every Min side and
 * public page ≤ 100 KB, every signed-in staff page ≤ 300 KB.
 */
// '/stats' (issue 40) carries its charts library on top of the staff app, loaded on that page only.
const FIRST_LOAD_KB: Record<string, number> = { '/': 120, '/stats': 400 };
const MEMBER_PAGE_KB = 100;
const STAFF_PAGE_KB = 300;
const isMemberRoute = (route: string) => isMemberPath(route.replace('{id}', '1'));
const budgetOf = (route: string) => FIRST_LOAD_KB[route] ?? (isMemberRoute(route) ? MEMBER_PAGE_KB : STAFF_PAGE_KB);
const CLS_BUDGET = 0.02;

export async function firstLoadSection(lines: string[]) {
  const loads = await measureFirstLoads(path.join(root, 'dist'));
  lines.push(
    '## First load: JavaScript and CSS (gzip) and layout shift',
    '',
    `What Chromium downloads on a first visit to each page (scripts and style sheets, until the network is idle), from the production build, and the page's CLS in the same visit (budget ≤ ${CLS_BUDGET} everywhere).`,
    '',
  );
  lines.push('| page | route | budget | measured | of which CSS | verdict | scripts | CLS |', '|---|---|---|---|---|---|---|---|');
  for (const load of loads) {
    const budget = budgetOf(load.route);
    const within = load.gzipKb <= budget && load.cls <= CLS_BUDGET;
    const verdict = within ? 'within budget' : 'OVER BUDGET';
    lines.push(`| ${load.page} | \`${load.route}\` | ≤ ${budget} KB | ${load.gzipKb} KB | ${load.cssKb} KB | ${verdict} | ${load.scripts} | ${load.cls} |`);
    console.log(
      `${load.route.padEnd(40)} ${`${load.gzipKb} KB`.padStart(9)} (budget ${budget})  scripts ${String(load.scripts).padStart(2)}  CLS ${load.cls}  ${verdict}`,
    );
  }
  lines.push('');
  const early = loads.filter((load) => load.beforeScripts !== undefined);
  lines.push(
    '### Before the scripts: Min side and the public pages',
    '',
    "What each page shows while its code is still on its way (member.html's frame: the top bar with the portal's name), opened with every script held back, and the HTML and CSS (gzip) that paint needs. Then the same page on a phone's slow line (Chromium's network emulation: 1.6 Mbit/s, 150 ms, as Lighthouse's mobile runs assume): its first paint and its own heading, in ms.",
    '',
    '| page | shown before any script | HTML + CSS for it | verdict | slow line: first paint | slow line: heading |',
    '|---|---|---|---|---|---|',
  );
  for (const load of early) {
    const verdict = load.beforeScripts ? 'paints before its scripts' : 'OVER BUDGET: paints nothing before its scripts';
    const shown = load.beforeScripts ? `“${load.beforeScripts.text}”` : '–';
    const kb = load.beforeScripts ? `${load.beforeScripts.gzipKb} KB` : '–';
    lines.push(`| ${load.page} | ${shown} | ${kb} | ${verdict} | ${load.slowLine?.firstPaintMs ?? '–'} ms | ${load.slowLine?.headingMs ?? '–'} ms |`);
    console.log(
      `${load.route.padEnd(40)} before scripts: ${shown} ${kb}  slow line: paint ${load.slowLine?.firstPaintMs} ms, heading ${load.slowLine?.headingMs} ms  ${verdict}`,
    );
  }
  lines.push('');
}

export async function lighthouseSection(lines: string[]) {
  const result = await measureLighthouse(path.join(root, 'dist'), {
    reportDir: process.env.BENCH_LIGHTHOUSE_REPORTS,
    pages: process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((page) => page.trim()),
  });
  const report = describeLighthouse(result);
  lines.push(...report.markdown);
  for (const line of report.summary) console.log(line);
}
