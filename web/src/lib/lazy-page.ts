import { type ComponentType, createElement, type LazyExoticComponent, lazy, useSyncExternalStore } from 'react';

/** docs/spec-notes.md#constants: script and style chunks load with a 120-second timeout. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** docs/spec-notes.md#errors "Chunk load failure": a script chunk that is missing or did not arrive in time. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    readonly type: 'missing' | 'timeout',
    override readonly cause?: unknown,
  ) {
    super(
      type === 'timeout'
        ? `Loading chunk timed out after ${CHUNK_TIMEOUT_MS / 1000} s`
        : `Loading chunk failed: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}

/** docs/spec-notes.md#errors "Stylesheet chunk load failure". */
export class CssChunkLoadError extends Error {
  override name = 'CssChunkLoadError';
  constructor(override readonly cause?: unknown) {
    super(`Loading CSS chunk failed: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

// The messages browsers and Vite's preload helper give a failed dynamic import or stylesheet.
const CSS_FAILURE = /Unable to preload CSS|CSS chunk/i;
const SCRIPT_FAILURE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk|Unable to preload|Failed to load module script/i;

/** Classifies a load failure: our own error classes, or a browser/Vite error turned into one; anything else null. */
export function asChunkError(e: unknown): ChunkLoadError | CssChunkLoadError | null {
  if (e instanceof ChunkLoadError || e instanceof CssChunkLoadError) return e;
  const msg = e instanceof Error ? e.message : typeof e === 'string' ? e : '';
  if (CSS_FAILURE.test(msg)) return new CssChunkLoadError(e);
  if (SCRIPT_FAILURE.test(msg) || (e instanceof TypeError && /import/i.test(msg)))
    return new ChunkLoadError('missing', e);
  return null;
}

/** Rejects with ChunkLoadError('timeout') when `p` has not settled in `ms`; failures become chunk errors. */
export function withChunkTimeout<T>(p: Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(asChunkError(e) ?? e);
      },
    );
  });
}

// A retry generation shared by every lazy page: React.lazy remembers a failure forever, so a retry makes fresh ones.
let generation = 0;
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const currentGeneration = () => generation;

/** Forget failed chunk loads: the next render of a lazy page imports its chunk again. */
export function retryChunks() {
  generation++;
  for (const l of listeners) l();
}

/**
 * `lazyPage(() => import('./XPage.tsx'))`: like React.lazy, with the 120-second timeout and typed chunk errors
 * (shown and reported by ChunkErrorBoundary), and retryable through retryChunks(). Accepts a module with a default
 * export, or pass `pick` to take a named one: `lazyPage(() => import('./x.tsx'), (m) => m.XPage)`.
 * `C.preload()` starts the import ahead of the first render (a route loader calls it so the chunk downloads alongside
 * the session calls instead of after them); the render then takes the same import.
 */
export function lazyPage<M, P extends object = object>(
  factory: () => Promise<M>,
  pick: (m: M) => ComponentType<P> = (m) => (m as { default: ComponentType<P> }).default,
  timeoutMs = CHUNK_TIMEOUT_MS,
): LazyPage<P> {
  // One import per retry generation, shared by preload() and the render (a failed one is dropped by retryChunks()).
  let pending: { g: number; p: Promise<M> } | undefined;
  const load = () => {
    if (!pending || pending.g !== generation) pending = { g: generation, p: withChunkTimeout(factory(), timeoutMs) };
    return pending.p;
  };
  const byGeneration = new Map<number, LazyExoticComponent<ComponentType<P>>>();
  const forGeneration = (g: number) => {
    let L = byGeneration.get(g);
    if (!L) {
      L = lazy(() => load().then((m) => ({ default: pick(m) })));
      byGeneration.clear(); // an older, failed instance is never used again
      byGeneration.set(g, L);
    }
    return L;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: one stable component per lazyPage() call, made at module load
  function LazyPage(props: P) {
    const g = useSyncExternalStore(subscribe, currentGeneration, currentGeneration);
    return createElement(forGeneration(g), props as never);
  }
  // Rendered as <C /> like React.lazy, and suspends alike (through the lazy component of the current generation).
  return Object.assign(LazyPage, {
    preload: () => {
      load().catch(() => {}); // a failure shows when the page renders (ChunkErrorBoundary), not here
    },
  });
}

/** What lazyPage() returns: a component that loads its module on first render and can start the import early. */
export type LazyPage<P extends object = object> = ComponentType<P> & { preload: () => void };

/** Starts a page component's import when it is a lazyPage (plain React.lazy components have no preload). */
export function preloadPage(c: unknown) {
  (c as Partial<LazyPage>).preload?.();
}
