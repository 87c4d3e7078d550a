// The temporary roots makeEnv (env.ts) made in this test process, with the test line that made each,
// kept apart from env.ts so test/helpers/leftovers.ts, a setup file of every test file, reads them
// without loading env.ts's imports (the host's loader).
const made = new Map<string, string>();

/** Notes a root just made, and where: the first line of the caller's stack in a test file. */
export function noteTestHome(root: string): void {
  const at = new Error().stack?.split('\n').find((l) => /\.(test|spec)\.ts/.test(l));
  made.set(root, at?.trim().replace(/^at /, '') ?? 'a helper outside a test file');
}

/** Every root this process made, and where it was made. */
export const testHomes = (): ReadonlyMap<string, string> => made;
