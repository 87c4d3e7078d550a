// The project scripts a hook file's rules run: trust covers their bytes as well as the file's, since an
// agent runs whatever the script says now. One reading for every dialect that finds them by parsing
// its commands (pw and Claude Code's settings files, Codex, Gemini CLI).
import { findScripts } from '../trust/command-scripts.js';
import { readsScripts, type Candidate, type LoadContext, type LoadedFile } from './dialect.js';

/** `loaded` with the scripts its rules run and the folders to watch for them, where they are read. */
export function withProjectScripts(
  loaded: LoadedFile,
  candidate: Candidate,
  ctx: LoadContext | undefined,
): LoadedFile {
  if (!readsScripts(candidate, ctx) || !loaded.valid) return loaded;
  const found = findScripts(
    loaded.rules.map((r) => r.handler),
    { workspace: ctx.workspace, home: ctx.host.home },
  );
  return { ...loaded, scripts: found.scripts, folders: found.unpinned.flatMap((u) => u.folders) };
}
