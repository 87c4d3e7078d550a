// Ends a run whose work is all done once stdout and stderr have taken what it wrote, rather than letting
// Node take itself down: after its `exit` event Node 24 tears its environment down for some 7 ms more
// (Node 20: 2–3), which an emit answered by the host, on every tool call, need not wait for. The `exit`
// event still runs (the hook trees' last kill), and the compile cache is written first, as Node's own
// exit writes it. Only where nothing else is pending: no child, no write in flight.
import * as nodeModule from 'node:module';

type FlushCompileCache = () => void;

export function exitOnceFlushed(code: number): Promise<never> {
  return new Promise(() => {
    let open = 2;
    // A write's callback runs once it and those before it are written (or failed: a reader gone).
    const flushed = () => {
      if (--open > 0) return;
      // Node 22.10 and later; on Node 20 there is no cache.
      (nodeModule as { flushCompileCache?: FlushCompileCache }).flushCompileCache?.();
      process.exit(code);
    };
    process.stdout.write('', flushed);
    process.stderr.write('', flushed);
  });
}
