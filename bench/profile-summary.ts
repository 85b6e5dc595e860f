/**
 * Sums self time per function (and per file) in one or more .cpuprofile files, hottest first:
 * `node bench/profile-summary.ts /tmp/prof/postgres-medlemsliste-ours-*.cpuprofile [rows]`
 * (the load section writes one file per stretch of load; a side's files are summed).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const rowsArg = args.length > 1 && /^\d+$/.test(args[args.length - 1]) ? args.pop() : undefined;
const perFunction = new Map<string, number>();
const perFile = new Map<string, number>();
let total = 0;
for (const file of args) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url.replace(/^file:\/\/.*?node_modules\//, '').replace(/^file:\/\/.*?\/(server|bench)\//, '$1/');
    const fn = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    perFunction.set(fn, (perFunction.get(fn) ?? 0) + delta);
    const pkg = where.startsWith('@') ? where.split('/').slice(0, 2).join('/') : where.split('/')[0] || functionName;
    perFile.set(pkg, (perFile.get(pkg) ?? 0) + delta);
    total += delta;
  });
}
const rows = Number(rowsArg ?? 30);
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms)`);
  for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${((micros / total) * 100).toFixed(1).padStart(5)} %  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${name}`);
  }
};
print('Self time per package or folder', perFile);
print('Self time per function', perFunction);
