// Starting one of Hookpanel's own Node scripts (the reaper, the outbox runner) from whatever runs the
// host: plain Node, or Electron's main process, whose binary is Node only with ELECTRON_RUN_AS_NODE.

/** The environment a Node script of ours needs, given the one it would otherwise get. */
export function nodeScriptEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  if (process.versions.electron) out.ELECTRON_RUN_AS_NODE = '1';
  return out;
}
