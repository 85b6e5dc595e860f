import { gzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';

/**
 * Fewer, larger staff chunks. Gzip packs one chunk of many modules tighter than many small ones
 * (and the minifier has more to work with), so a page that loads 70 chunks pays for its pieces.
 * A first pass of the staff build chunks as rolldown does by itself; from its chunks
 * `staffChunks` works out three kinds of sets, and the second pass puts each set in one chunk:
 * - what every signed-in staff page loads (the staff app's chunks that neither the sign-in page
 *   nor Min side loads): the same code as before in one chunk instead of some 25;
 * - what more than half of the staff pages load besides it (react-admin's list controller, the
 *   search field, dialogs' parts): the pages without some of it load it too;
 * - largest first, a chunk and the chunks only its pages load, merged when by the estimate
 *   (gzip of what each page loads, `SEPARATE_COST` less per merged chunk) no page gets heavier.
 * No library's files are named: the sets follow from which pages load which chunks, so a library's upgrade
 * changes what is in them, not whether they work.
 */
const staffGroups = new Map<string, string>();

type Chunk = Rollup.OutputChunk;

/** The chunks `from` loads before running: themselves and what they import, all the way down. */
function loadedWith(from: Chunk[], byFile: Map<string, Chunk>): Set<Chunk> {
  const seen = new Set<Chunk>();
  const stack = [...from];
  while (stack.length > 0) {
    const chunk = stack.pop()!;
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    for (const file of chunk.imports) stack.push(byFile.get(file)!);
  }
  return seen;
}

/** Whether chunks merged by `groupOf` would import each other in a ring (which would break their run order). */
function hasCycle(chunks: Chunk[], byFile: Map<string, Chunk>, groupOf: (chunk: Chunk) => string): boolean {
  const edges = new Map<string, Set<string>>();
  for (const chunk of chunks) {
    const from = groupOf(chunk);
    for (const file of chunk.imports) {
      const to = groupOf(byFile.get(file)!);
      if (to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string): boolean => {
    if (state.get(node) === 'done') return false;
    if (state.get(node) === 'open') return true;
    state.set(node, 'open');
    for (const next of edges.get(node) ?? []) if (visit(next)) return true;
    state.set(node, 'done');
    return false;
  };
  return [...edges.keys()].some(visit);
}

/** What a chunk of its own costs in gzip bytes beyond its code (its header, imports and exports, a cold dictionary): an estimate. */
const SEPARATE_COST = 300;

export function staffChunks(): Plugin {
  return {
    name: 'staff-chunks',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      if (staffGroups.size > 0) return;
      const chunks = Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const facade = (suffix: string) => chunks.filter((chunk) => chunk.facadeModuleId?.endsWith(suffix));
      // The entry, the staff sign-in page and Min side (which the entry can start too) keep their chunks as they are.
      const others = loadedWith(
        chunks.filter((chunk) => chunk.isEntry || /\/src\/(min-side|admin\/login)\//.test(chunk.facadeModuleId ?? '')),
        byFile,
      );
      const staff = loadedWith(facade('/src/admin/main.tsx'), byFile);
      const group = new Map<Chunk, string>();
      for (const chunk of staff) if (!others.has(chunk)) group.set(chunk, 'staff');
      // The pages: what the staff app loads on navigation (the registry's lazy pages).
      const pageFiles = new Set([...staff].flatMap((chunk) => chunk.dynamicImports));
      const pages = chunks.filter((chunk) => pageFiles.has(chunk.fileName) && chunk.facadeModuleId?.includes('/src/admin/') && !others.has(chunk));
      const pagesOf = new Map<Chunk, Set<Chunk>>();
      for (const page of pages) {
        for (const chunk of loadedWith([page], byFile)) {
          if (staff.has(chunk) || others.has(chunk) || chunk.isDynamicEntry) continue;
          pagesOf.set(chunk, (pagesOf.get(chunk) ?? new Set()).add(page));
        }
      }
      // First, one chunk of what more than half of the pages load (besides the staff app itself).
      const left = new Set(pagesOf.keys());
      const common = [...left].filter((chunk) => pagesOf.get(chunk)!.size > pages.length / 2);
      for (const chunk of common) {
        group.set(chunk, 'staff-common');
        left.delete(chunk);
      }
      const keyOf = (chunk: Chunk) => group.get(chunk) ?? chunk.fileName;
      // Both sets take all they import or leave it to chunks that load before them; a ring here would be a mistake above.
      if (hasCycle(chunks, byFile, keyOf)) throw new Error('staff-chunks: the staff chunks would import each other');
      // Then, largest chunk first, the chunks that only the pages loading it load join it when
      // no page gets heavier by the estimate (gzip of what a page loads, each chunk less a
      // chunk's overhead when merged), counting what a joined chunk's imports bring along.
      const gzipped = new Map([...pagesOf.keys()].map((chunk) => [chunk, gzipSync(chunk.code).length]));
      const estimate = () => {
        const members = new Map<string, Chunk[]>();
        for (const chunk of [...pagesOf.keys(), ...pages]) members.set(keyOf(chunk), [...(members.get(keyOf(chunk)) ?? []), chunk]);
        const cost = (key: string) => {
          const inside = members.get(key) ?? [];
          return inside.reduce((sum, chunk) => sum + (gzipped.get(chunk) ?? 0), 0) - (inside.length - 1) * SEPARATE_COST;
        };
        return pages.map((page) => {
          const seen = new Set<string>();
          const stack = [keyOf(page)];
          let bytes = 0;
          while (stack.length > 0) {
            const key = stack.pop()!;
            if (seen.has(key)) continue;
            seen.add(key);
            bytes += cost(key);
            for (const chunk of members.get(key) ?? []) {
              for (const file of chunk.imports) {
                const imported = byFile.get(file)!;
                if (pagesOf.has(imported)) stack.push(keyOf(imported));
              }
            }
          }
          return bytes;
        });
      };
      const bySize = [...left].sort((a, b) => (gzipped.get(b) ?? 0) - (gzipped.get(a) ?? 0));
      for (const seed of bySize) {
        if (!left.has(seed)) continue;
        const wanted = pagesOf.get(seed)!;
        const name = `staff-${seed.name}`;
        let joined = 0;
        for (const chunk of bySize) {
          if (chunk === seed || !left.has(chunk) || ![...pagesOf.get(chunk)!].every((page) => wanted.has(page))) continue;
          const before = estimate();
          group.set(seed, name);
          group.set(chunk, name);
          const after = estimate();
          if (after.every((bytes, index) => bytes <= before[index]) && !hasCycle(chunks, byFile, keyOf)) {
            left.delete(chunk);
            joined += 1;
          } else {
            group.delete(chunk);
            if (joined === 0) group.delete(seed);
          }
        }
        left.delete(seed);
      }
      // A lazily loaded module stays the face of its own chunk, so the manifest still names
      // src/admin/main.tsx (the server preloads a page's chunks by it).
      for (const [chunk, name] of group)
        for (const id of chunk.moduleIds) if (!(chunk.isDynamicEntry && id === chunk.facadeModuleId)) staffGroups.set(id, name);
    },
  };
}

/** The second pass's chunk group: each module in the set `staffChunks` found for it. */
export const staffChunkGroup = {
  debugName: 'staff-chunks',
  name: (id: string) => staffGroups.get(id) ?? null,
  test: (id: string) => staffGroups.has(id),
};
