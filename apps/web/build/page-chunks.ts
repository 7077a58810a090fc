import type { Rolldown } from 'vite';

type ChunkingContext = Rolldown.ChunkingContext;

/**
 * A chunk for what the given route modules load up front and no earlier part has taken; with
 * `sharedOnly`, only what every one of them loads (the modules two first pages have in common,
 * so that neither loads the other's own code to get them); with `sharedBy`, what at least that
 * many of them load; with `alone`, only what no other code split off the app loads up front (a
 * page's own modules: a lazily loaded chart or dialog never fetches this chunk to get one),
 * but for code that only these routes load later.
 */
export type PagePart = {
  name: string;
  routes: string[];
  sharedOnly?: boolean;
  sharedBy?: number;
  alone?: boolean;
  /** Leaves out what the code split off at these modules loads up front (the public pages). */
  notWith?: RegExp;
  /** Only the modules that load, up front, a module whose id matches (a library, say). */
  reaching?: RegExp;
};

/**
 * Chunk groups for the pages a visit starts on. Rolldown's automatic splitting makes a chunk for
 * every set of pages that shares modules, which gave the dashboard 29 files of 1–4 kB each, the
 * login page 17: over HTTP/1.1's six connections, several rounds of requests before a page
 * could be drawn. Each part, in order, takes the modules its route modules load up front that
 * neither the entry nor an earlier part has taken, so an earlier (public) page never loads a
 * later (signed-in) page's code, while a later page may load an earlier part's chunk whole.
 * The route modules themselves stay chunks of their own: page-preloads.ts finds a page by them.
 * Routes are module paths ending as in first-pages.json.
 */
export function pageChunkGroups(parts: PagePart[]): Rolldown.CodeSplittingGroup[] {
  let owners: Map<string, string> | undefined;

  function assign(ctx: ChunkingContext, entry: string): Map<string, string> {
    const infoOf: InfoOf = (id) => ctx.getModuleInfo(id);
    const ids = [...collectIds(infoOf, entry)];
    const byEnding = (ending: string) => {
      const id = ids.find((candidate) => candidate.endsWith(`/${ending}`));
      if (!id) throw new Error(`page-chunks: no module ${ending} in the build.`);
      return id;
    };
    const taken = staticClosure(infoOf, [entry]);
    const result = new Map<string, string>();
    const splitRoots = ids.flatMap((id) => [...(infoOf(id)?.dynamicallyImportedIds ?? [])]);
    for (const part of parts) {
      const routes = part.routes.map(byEnding);
      const closures = routes.map((route) => staticClosure(infoOf, [route]));
      const counts = new Map<string, number>();
      for (const id of closures.flatMap((closure) => [...closure])) {
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      const least = part.sharedOnly ? closures.length : (part.sharedBy ?? 1);
      const own = new Set(closures.flatMap((closure) => [...closure]));
      // Code only these routes load later (a form's checks): it runs after them, so it may
      // import their chunk. Left out of the part instead, what it shares with them went into
      // the route module's chunk, which imports the part's chunk, which imported it back: in
      // that cycle the page's code read those modules before they had run.
      const isOwnLater = (root: string) => {
        const info = infoOf(root);
        return (
          (info?.importers.length ?? 0) === 0 &&
          (info?.dynamicImporters ?? []).every((importer) => own.has(importer))
        );
      };
      const others = staticClosure(
        infoOf,
        splitRoots.filter(
          (root) =>
            !routes.includes(root) &&
            ((part.alone && !isOwnLater(root)) || (part.notWith?.test(root) ?? false)),
        ),
      );
      const reaching = part.reaching
        ? reachable(
            ids.filter((id) => part.reaching!.test(id)),
            (id) => [...(infoOf(id)?.importers ?? [])],
          )
        : undefined;
      const assigned = [...counts]
        .filter(([id, count]) => count >= least && !others.has(id) && (reaching?.has(id) ?? true))
        .map(([id]) => id);
      for (const id of assigned) {
        if (taken.has(id) || id.includes('/src/app/routes/')) continue;
        taken.add(id);
        result.set(id, part.name);
      }
    }
    return result;
  }

  return parts.map((part) => ({
    debugName: part.name,
    name: (id: string, ctx: ChunkingContext) => {
      owners ??= assign(ctx, entryOf(ctx, id));
      return owners.get(id) === part.name ? part.name : null;
    },
    // Only the modules assigned: their imports stay where they are, so that a module of an
    // earlier part never moves into a later part's chunk.
    includeDependenciesRecursively: false,
  }));
}

type InfoOf = (id: string) => Rolldown.ModuleInfo | null;

/** The modules reached from `roots` by following `next`, the roots included. */
function reachable(roots: string[], next: (id: string) => string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...next(id));
  }
  return seen;
}

/** The app's entry module, found by walking up the importers from any module. */
function entryOf(ctx: ChunkingContext, start: string): string {
  const above = reachable([start], (id) => {
    const info = ctx.getModuleInfo(id);
    return [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])];
  });
  const entry = [...above].find((id) => ctx.getModuleInfo(id)?.isEntry);
  if (!entry) throw new Error(`page-chunks: no entry module above ${start}.`);
  return entry;
}

/** Every module reachable from `root`, through static and dynamic imports. */
function collectIds(infoOf: InfoOf, root: string): Set<string> {
  return reachable([root], (id) => {
    const info = infoOf(id);
    return [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])];
  });
}

/** The modules `roots` load up front: themselves and their static imports, recursively. */
function staticClosure(infoOf: InfoOf, roots: string[]): Set<string> {
  return reachable(roots, (id) => [...(infoOf(id)?.importedIds ?? [])]);
}
