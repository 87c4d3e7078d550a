// The Node that the real agents which are Node programs (Gemini CLI, Qwen Code, Codex's launcher) start
// under: Node 24 where the tier has one, with V8's compile cache in one folder shared by every agent run,
// else the Node running the tests. The `hookpanel` they reach still runs under the Node that runs npm
// (connect writes its path, and PATH's `node` is that one), so the bridge is proven end to end there.
// Why: an agent is a bundle of 10–20 MB that Node 20 compiles afresh on every run (it has no compile
// cache); Qwen Code's headless turn cost 7.1 CPU s under Node 20 and 5.1 under Node 24 with the cache,
// and five real-client files (qwen, gemini, gemini-trust, codex, claude-guarded), the two ways taking
// turns, 155 and 162 CPU s against 116 and 117 (2026-12-03). Node 20 is past its end of
// life, so a person's agent runs under a later Node as likely as not. HOOKPANEL_AGENT_NODE names another
// Node to start them under (`process.execPath`'s, say, to try them under Node 20).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tiersNode24 } from '../helpers/node24.js';

export interface AgentNode {
  /** What starts an agent's entry: a Node binary, or a script that sets the compile cache and execs one. */
  program: string;
  /** The Node binary itself. */
  node: string;
}

/** The Node binary agents start under (see the top of this file). */
function chosenNode(env: NodeJS.ProcessEnv): string {
  return env.HOOKPANEL_AGENT_NODE || tiersNode24(env) || process.execPath;
}

const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

const made = new Map<string, AgentNode>();

/**
 * The agents' Node for an agent cache folder. Under a Node other than the tests' own, `program` is a
 * two-line script in the cache that points NODE_COMPILE_CACHE at `<cache>/node-compile-cache` (unless
 * it is set) and execs that Node: the variable then reaches the processes an agent starts for itself
 * too (Qwen Code starts its CLI again with `--expose-gc`), whatever environment a test gives it.
 */
export function agentNode(cache: string, env: NodeJS.ProcessEnv = process.env): AgentNode {
  const node = chosenNode(env);
  if (node === process.execPath) return { program: node, node };
  const key = `${cache}\0${node}`;
  const known = made.get(key);
  if (known) return known;
  const text = [
    '#!/bin/sh',
    `[ -n "$NODE_COMPILE_CACHE" ] || NODE_COMPILE_CACHE=${quote(join(cache, 'node-compile-cache'))}`,
    'export NODE_COMPILE_CACHE',
    `exec ${quote(node)} "$@"`,
    '',
  ].join('\n');
  const program = join(
    cache,
    `node-for-agents-${createHash('sha256').update(text).digest('hex').slice(0, 12)}`,
  );
  // Written whole (a rename), so a file started beside this one never runs half a script.
  if (!existsSync(program) || readFileSync(program, 'utf8') !== text) {
    mkdirSync(cache, { recursive: true });
    const tmp = `${program}.${process.pid}.tmp`;
    writeFileSync(tmp, text, { mode: 0o755 });
    renameSync(tmp, program);
  }
  const found = { program, node };
  made.set(key, found);
  return found;
}
