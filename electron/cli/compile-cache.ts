// V8's compile cache for the modules a `hookpanel` run loads after its entry: the commands' bundles and
// emit-local's (an emit with no host running) are a megabyte of JavaScript compiled on every run, which
// the cache cuts by 13–14% of the run's CPU under Node 24 (docs/engine.md, "The compile cache"). Node 22.1
// and later have it (Electron 41's Node is 24); on Node 20 this does nothing.
import * as nodeModule from 'node:module';
import { mkdirSync } from '../host/builtins.js';
import { homePaths, hostEnvFromProcess } from '../host/paths.js';

type EnableCompileCache = (dir: string) => { status: number; message?: string };

/**
 * Turns the cache on in Hookpanel's own directory, made 0700 as the rest of it is: code read from a
 * folder someone else could write would run as this user. Not under NODE_V8_COVERAGE (code compiled
 * from the cache lacks some of its block counters, so coverage would miss lines that ran), nor where
 * Node's own variables already decide (NODE_COMPILE_CACHE, NODE_DISABLE_COMPILE_CACHE). A folder that
 * cannot be made leaves the run as it was without a cache.
 */
export function cacheCompiledCode(): void {
  const enable = (nodeModule as { enableCompileCache?: EnableCompileCache }).enableCompileCache;
  // Read where it is: emit copies the environment for its hooks; a second copy here is a second listing.
  const host = hostEnvFromProcess(process.env);
  const { NODE_V8_COVERAGE, NODE_COMPILE_CACHE, NODE_DISABLE_COMPILE_CACHE } = host.env;
  if (!enable || NODE_V8_COVERAGE || NODE_COMPILE_CACHE || NODE_DISABLE_COMPILE_CACHE) return;
  const dir = homePaths(host).compileCache;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch {
    return;
  }
  enable(dir);
}
