// A host for one event (the in-process `hookpanel emit`) looks for a project's scripts only where they
// can change the file's trust: a file no version of which with these bytes was trusted is untrusted or
// changed whatever its scripts are. All else it reads of every source is what a host of every file
// reads, untrusted, trusted, and after a script's edit, for each loader that looks for scripts.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, test } from 'vitest';
import type { Dialect, Source } from '../../shared/model.js';
import { HookHost } from '../../electron/host/service.js';
import { makeEnv, type TestEnv } from '../helpers/env.js';

let env: TestEnv;
afterEach(async () => {
  await env?.cleanup();
});

const command = (line: string) => ({ type: 'command', command: line });

/** A project file of each loader that looks for scripts, with one hook that runs `ws/hooks/x.sh`. */
const FILES: {
  dialect: Dialect;
  path: string;
  text: string;
  /** What Hookpanel's settings need for the file's hooks to load at all. */
  settings?: Parameters<HookHost['updateSettings']>[0];
}[] = [
  {
    dialect: 'pw',
    path: 'ws/.agents/settings.json',
    text: JSON.stringify({ hooks: { Stop: [{ hooks: [command('./hooks/x.sh')] }] } }),
  },
  {
    // Claude Code's own file (inspected): Hookpanel reads it to show it and to know its trust.
    dialect: 'claude',
    path: 'ws/.claude/settings.json',
    text: JSON.stringify({
      hooks: { PostToolUse: [{ matcher: 'Edit', hooks: [command('"$CLAUDE_PROJECT_DIR"/hooks/x.sh')] }] },
    }),
  },
  {
    dialect: 'codex',
    path: 'ws/.codex/hooks.json',
    text: JSON.stringify({ hooks: { Stop: [{ hooks: [command('sh ./hooks/x.sh')] }] } }),
  },
  {
    dialect: 'gemini',
    path: 'ws/.gemini/settings.json',
    text: JSON.stringify({
      hooks: { AfterAgent: [{ hooks: [{ ...command('bash ./hooks/x.sh'), name: 'x' }] }] },
    }),
  },
  {
    dialect: 'chrys',
    path: 'ws/.chrys/hooks/hooks.yaml',
    text: 'hooks:\n  - id: x\n    event: before_tool_call\n    run: { type: shell, shell: ./hooks/x.sh }\n',
    settings: (s) => ({ ...s, dialects: { chrys: { projectHooksEnabled: true } } }),
  },
];

/** The file's source as a host of every file reads it, and as a one-event host of its dialect does. */
async function readBoth(dialect: Dialect, path: string): Promise<{ full: Source; oneEvent: Source }> {
  const read = async (host: HookHost) => {
    try {
      return (await host.sources(env.workspace)).find((s) => s.path === path)!;
    } finally {
      await host.close();
    }
  };
  return {
    full: await read(await HookHost.open(env.host)),
    oneEvent: await read(await HookHost.open(env.host, { eventsOf: dialect })),
  };
}

const withoutScripts = ({ scripts: _, ...rest }: Source) => rest;

describe('a one-event host looks for scripts only where they decide trust', () => {
  test.each(FILES)('$dialect: $path', async ({ dialect, path: rel, text, settings }) => {
    env = makeEnv();
    if (settings) {
      const host = await HookHost.open(env.host);
      await host.updateSettings(settings);
      await host.close();
    }
    const path = env.write(rel, text);
    const script = env.write('ws/hooks/x.sh', '#!/bin/sh\necho one\n');

    // Never trusted: untrusted whatever its scripts, which are not looked for.
    let { full, oneEvent } = await readBoth(dialect, path);
    expect(full.state).toBe('untrusted');
    expect(full.scripts.map((s) => s.path)).toEqual([script]);
    expect(oneEvent.scripts).toEqual([]);
    expect(withoutScripts(oneEvent)).toEqual(withoutScripts(full));

    // Trusted with its script: the scripts decide, so both read them, and agree.
    const host = await HookHost.open(env.host);
    await host.trust.trust(full, readFileSync(path), [{ path: script, bytes: readFileSync(script) }]);
    await host.close();
    ({ full, oneEvent } = await readBoth(dialect, path));
    expect(full.state).not.toBe('untrusted');
    expect(oneEvent).toEqual(full);

    // The script edited: changed for both.
    env.write('ws/hooks/x.sh', '#!/bin/sh\necho two\n');
    ({ full, oneEvent } = await readBoth(dialect, path));
    expect(full.state).toBe('untrusted');
    expect(full.diagnostics.map((d) => d.code)).toContain('trust_changed');
    expect(oneEvent).toEqual(full);

    // The file itself edited: changed whatever its scripts, which the one-event host leaves unread again.
    env.write(rel, text.replace('x.sh', 'x.sh '));
    ({ full, oneEvent } = await readBoth(dialect, path));
    expect(full.diagnostics.map((d) => d.code)).toContain('trust_changed');
    expect(oneEvent.scripts).toEqual([]);
    expect(withoutScripts(oneEvent)).toEqual(withoutScripts(full));
  });
});
