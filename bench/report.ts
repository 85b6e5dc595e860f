/**
 * Writes a bench run's figures into docs/BENCHMARKS.md. Between `<!-- bench:latest -->` and
 * `<!-- /bench:latest -->` each section has a block of its own (`<!-- bench:<name> -->` …
 * `<!-- /bench:<name> -->`); a section that ran replaces its block and every other block stays,
 * so a run of a few sections (BENCH_ONLY) leaves the others' latest figures where they were. The
 * hand-written notes outside the markers are never touched.
 */
import { readFileSync, writeFileSync } from 'node:fs';

/** What one section of the run wrote: its name in BENCH_ONLY and its Markdown lines. */
export interface SectionLines {
  name: string;
  lines: string[];
}

const START = '<!-- bench:latest -->';
const END = '<!-- /bench:latest -->';
const BLOCK = /<!-- bench:([a-z-]+) -->\n[\s\S]*?<!-- \/bench:\1 -->/g;

/** The section's own headings one level down, under the file's 'Latest figures' heading. */
const demoted = (lines: string[]) => lines.map((line) => (/^#{2,5} /.test(line) ? `#${line}` : line));

/** A section's block: its markers, when and how it was measured, then its lines. */
export function sectionBlock(section: SectionLines, measured: string): string {
  const body = demoted(section.lines);
  while (body.length > 0 && body[body.length - 1].trim() === '') body.pop();
  return [`<!-- bench:${section.name} -->`, `_${measured}_`, '', ...body, `<!-- /bench:${section.name} -->`].join('\n');
}

/**
 * The file's text with the sections that ran put in: blocks in `order` (the bench's own order),
 * a section never written before added in its place. Sections that wrote nothing (PostgreSQL
 * left out, say) keep their block.
 */
export function withSections(text: string, ran: SectionLines[], order: string[], measured: string): string {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/BENCHMARKS.md has no ${START} … ${END} part for the bench to write`);
  const blocks = new Map<string, string>();
  for (const match of text.slice(start + START.length, end).matchAll(BLOCK)) blocks.set(match[1], match[0]);
  for (const section of ran) if (section.lines.length > 0) blocks.set(section.name, sectionBlock(section, measured));
  const names = [...order.filter((name) => blocks.has(name)), ...[...blocks.keys()].filter((name) => !order.includes(name))];
  const inner = names.map((name) => blocks.get(name)).join('\n\n');
  return `${text.slice(0, start)}${START}\n\n${inner}\n\n${text.slice(end)}`;
}

/** Puts the sections that ran into the file (docs/BENCHMARKS.md) in place. */
export function writeBenchmarks(file: string, ran: SectionLines[], order: string[], measured: string): void {
  writeFileSync(file, withSections(readFileSync(file, 'utf8'), ran, order, measured));
}
