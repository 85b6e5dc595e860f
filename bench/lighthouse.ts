/**
 * Lighthouse scores (performance, accessibility, best practices) of the pages a person opens
 * first, against the production build: the staff pages as a desktop, Min side as a phone.
 * Each run gets a fresh Chromium profile (an empty cache); a signed-in page gets its session in
 * local storage before Lighthouse loads it, so Lighthouse must not reset storage itself.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { openPglite } from '../server/db/pglite.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedDemoData, DEMO_PASSWORD, DEMO_LOGINS } from '../server/demo/index.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { createServices } from '../server/plugins/services.ts';
import { STORAGE_KEYS } from '../src/common/session.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseRow {
  page: string;
  formFactor: 'desktop' | 'mobile';
  /** Median over the runs, 0–100. */
  scores: Record<Category, number>;
  /** Every run's scores, in order. */
  runs: Record<Category, number>[];
  /** Audits that cost points in any run, with the lowest score seen (0–1). */
  findings: { id: string; title: string; score: number }[];
  /** Medians of the metrics behind performance: milliseconds, CLS unitless. */
  metrics: Record<Metric, number>;
  /** Median of Lighthouse's measure of the CPU during the runs (lower: a busier machine). */
  benchmarkIndex: number;
}

/** The metrics of the performance score, by their Lighthouse audit ids. */
export const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;
export type Metric = keyof typeof METRICS;

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'];

type Signer = 'staff' | 'member' | null;
interface Target {
  page: string;
  pathname: (memberId: number) => string;
  formFactor: 'desktop' | 'mobile';
  signedIn: Signer;
}

const TARGETS: Target[] = [
  { page: 'Stab: innlogging (/)', pathname: () => '/', formFactor: 'desktop', signedIn: null },
  { page: 'Stab: medlemsoversikt (/membership)', pathname: () => '/membership', formFactor: 'desktop', signedIn: 'staff' },
  { page: 'Min side: innlogging (/profile)', pathname: () => '/profile', formFactor: 'mobile', signedIn: null },
  { page: 'Min side: medlemmet (/profile/{id})', pathname: (id) => `/profile/${id}`, formFactor: 'mobile', signedIn: 'member' },
  { page: 'Innmelding (/new-member)', pathname: () => '/new-member', formFactor: 'mobile', signedIn: null },
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

interface LoginAnswer {
  access_token: string;
  user_id: number;
  role: { id: number };
  first_name: string;
  last_name: string;
  registration_completed: number;
}

/** The local storage a sign-in leaves (src/common/session.ts's keys). */
function storageOf(answer: LoginAnswer): Record<string, string> {
  return {
    [STORAGE_KEYS.token]: answer.access_token,
    [STORAGE_KEYS.userId]: String(answer.user_id),
    [STORAGE_KEYS.role]: String(answer.role.id),
    [STORAGE_KEYS.loggedIn]: 'true',
    [STORAGE_KEYS.firstName]: answer.first_name,
    [STORAGE_KEYS.lastName]: answer.last_name,
    [STORAGE_KEYS.registrationCompleted]: String(answer.registration_completed),
  };
}

/** Writes the session into the origin's local storage of the running Chromium, from a static file so no app code is cached. */
async function putSession(port: number, base: string, storage: Record<string, string>) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${base}/favicon.svg`);
    await page.evaluate((items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, storage);
    await page.close();
  } finally {
    // Over CDP this only disconnects; the browser stays for Lighthouse.
    await browser.close();
  }
}

/**
 * Opens every page once, unmeasured, so the runs meet a server that has answered each kind of
 * request before (a running portal has; a fresh process compiles some answers' serialisers on
 * first use, which cost the first run of a page several hundred milliseconds).
 */
async function warmUp(urls: { url: string; storage: Record<string, string> | null }[]) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')),
  });
  try {
    for (const { url, storage } of urls) {
      const context = await browser.newContext();
      const page = await context.newPage();
      if (storage) await page.addInitScript((items) => Object.entries(items).forEach(([key, value]) => localStorage.setItem(key, value)), storage);
      await page.goto(url, { waitUntil: 'networkidle' });
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run in a fresh Chromium; a run whose trace failed (it happens on a busy machine) is tried again. */
async function audit(url: string, target: Target, storage: Record<string, string> | null, attempts = 3): Promise<Result> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    if (storage) await putSession(chrome.port, new URL(url).origin, storage);
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], disableStorageReset: true };
    const preset: Config | undefined = target.formFactor === 'desktop' ? desktopConfig : undefined;
    const lhr = (await lighthouse(url, flags, preset))?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    if (attempts <= 1) throw new Error(`Lighthouse on ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
    console.log(`  ${target.page}: ${lhr?.runtimeError?.code ?? 'no result'}, once more`);
  } finally {
    chrome.kill();
  }
  return audit(url, target, storage, attempts - 1);
}

/** Category scores of one run, 0–100. */
const scoresOf = (lhr: Result) =>
  Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)])) as Record<Category, number>;

export interface LighthouseOptions {
  /** Runs per page (3). */
  runs?: number;
  /** A folder that receives each run's JSON report, to read what cost the points. */
  reportDir?: string;
  /** Only these pages, by the path the table shows (`/profile/{id}`); every page when absent. */
  pages?: string[];
}

/** Runs Lighthouse on each page, `runs` times, and gives the median per category. */
export async function measureLighthouse(
  distDir: string,
  { runs = 3, reportDir, pages }: LighthouseOptions = {},
): Promise<{ version: string; rows: LighthouseRow[] }> {
  const db = await openPglite();
  await migrate(db);
  await seedDemoData(db);
  const config = loadConfig({ STATIC_DIR: path.resolve(distDir), PUBLIC_URL: 'http://127.0.0.1' });
  const app = await buildApp(createServices(config, db));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const signIn = async (email: string) =>
    (await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: DEMO_PASSWORD } })).json<LoginAnswer>();
  const sessions: Record<'staff' | 'member', LoginAnswer> = {
    staff: await signIn(DEMO_LOGINS[0].email),
    member: await signIn(DEMO_LOGINS[1].email),
  };
  if (reportDir) mkdirSync(reportDir, { recursive: true });

  const targets = TARGETS.filter((candidate) => !pages || pages.some((page) => candidate.page.endsWith(`(${page})`)));
  const urlOf = (target: Target) => `${base}${target.pathname(sessions.member.user_id)}`;
  const storageFor = (target: Target) => (target.signedIn ? storageOf(sessions[target.signedIn]) : null);
  const rows: LighthouseRow[] = [];
  let version = '';
  try {
    await warmUp(targets.map((target) => ({ url: urlOf(target), storage: storageFor(target) })));
    for (const target of targets) {
      const url = urlOf(target);
      const scores: Record<Category, number>[] = [];
      const findings = new Map<string, { id: string; title: string; score: number }>();
      const metrics: Record<Metric, number>[] = [];
      const benchmarks: number[] = [];
      for (let run = 1; run <= runs; run++) {
        const lhr = await audit(url, target, storageFor(target));
        version = lhr.lighthouseVersion;
        scores.push(scoresOf(lhr));
        metrics.push(
          Object.fromEntries(Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id].numericValue ?? Number.NaN])) as Record<Metric, number>,
        );
        benchmarks.push(lhr.environment.benchmarkIndex);
        for (const category of CATEGORIES) {
          for (const ref of lhr.categories[category]?.auditRefs ?? []) {
            const result = lhr.audits[ref.id];
            // Only audits that weigh in the score; the metrics of performance are among them.
            if (ref.weight === 0 || result.score === null || result.score >= 0.9) continue;
            const seen = findings.get(ref.id);
            if (!seen || result.score < seen.score) findings.set(ref.id, { id: ref.id, title: result.title, score: result.score });
          }
        }
        if (reportDir) {
          const name = `${target.pathname(0).replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}-${run}.json`;
          writeFileSync(path.join(reportDir, name), JSON.stringify(lhr, null, 1));
        }
        console.log(`  ${target.page} run ${run}: ${CATEGORIES.map((category) => `${category} ${scores.at(-1)![category]}`).join(', ')}`);
      }
      rows.push({
        page: target.page,
        formFactor: target.formFactor,
        scores: Object.fromEntries(CATEGORIES.map((category) => [category, median(scores.map((score) => score[category]))])) as Record<Category, number>,
        runs: scores,
        findings: [...findings.values()].sort((a, b) => a.score - b.score),
        metrics: Object.fromEntries(Object.keys(METRICS).map((name) => [name, median(metrics.map((run) => run[name as Metric]))])) as Record<Metric, number>,
        benchmarkIndex: median(benchmarks),
      });
    }
  } finally {
    await app.close();
    await db.close();
  }
  return { version, rows };
}

/** The Markdown section for bench/results.md and a line per page for the console. */
export function describeLighthouse({ version, rows }: { version: string; rows: LighthouseRow[] }, goal = 95): { markdown: string[]; summary: string[] } {
  const markdown = [
    '## Lighthouse',
    '',
    `Lighthouse ${version}, median of 3 runs per page, each in a fresh Chromium profile; goal ≥ ${goal} in each category. Performance varies with the machine's load.`,
    '',
  ];
  const summary: string[] = [];
  markdown.push('| page | form factor | performance | accessibility | best practices | verdict |', '|---|---|---|---|---|---|');
  for (const row of rows) {
    const under = CATEGORIES.filter((category) => row.scores[category] < goal);
    const verdict = under.length === 0 ? 'meets the goal' : `UNDER ${goal}: ${under.join(', ')}`;
    markdown.push(`| ${row.page} | ${row.formFactor} | ${CATEGORIES.map((category) => row.scores[category]).join(' | ')} | ${verdict} |`);
    summary.push(
      `${row.page.padEnd(38)} ${row.formFactor.padEnd(8)} ${CATEGORIES.map((category) => `${category} ${row.scores[category]}`).join(', ')}: ${verdict}`,
    );
  }
  markdown.push(
    '',
    "The metrics behind performance (medians; the paints and TBT simulated on a slowed CPU and network, CLS as observed) and Lighthouse's CPU index during the runs (lower: a busier machine):",
    '',
  );
  markdown.push(
    `| page | ${Object.keys(METRICS).join(' | ')} | CPU index |`,
    `|---|${Object.keys(METRICS)
      .map(() => '---|')
      .join('')}---|`,
  );
  for (const row of rows) {
    const shown = Object.entries(row.metrics).map(([name, value]) => (name === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`));
    markdown.push(`| ${row.page} | ${shown.join(' | ')} | ${Math.round(row.benchmarkIndex)} |`);
  }
  markdown.push('');
  const costly = rows.filter((row) => row.findings.length > 0);
  if (costly.length > 0) {
    markdown.push('Audits that cost points (lowest score in any run):', '');
    for (const row of costly) markdown.push(`- ${row.page}: ${row.findings.map((finding) => `${finding.title} (${finding.score.toFixed(2)})`).join('; ')}`);
    markdown.push('');
  }
  return { markdown, summary };
}
