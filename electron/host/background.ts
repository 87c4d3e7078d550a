// Work the caller does not wait for. Under Node 20 a rejection nobody handles ends the process, so a
// promise is never left floating (lint forbids it, `void` included): it goes through here, where a
// failure is said on stderr and goes no further.
export function inBackground(work: Promise<unknown>, what: string): void {
  work.catch((e: unknown) => {
    process.stderr.write(`hookpanel: ${what}: ${e instanceof Error ? e.message : String(e)}\n`);
  });
}
