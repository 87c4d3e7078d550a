// A hook under an event its agent does not have never runs: an error for that hook, said in one
// sentence in the agent's own name, with the likely fix.
import { afterEach, describe, expect, test } from 'vitest';
import { makeEnv, type TestEnv } from '../../helpers/env.js';

let env: TestEnv;
afterEach(() => env?.cleanup());

const problems = async (target: string) =>
  (await env.source(target)).diagnostics.map((d) => [d.severity, d.line, d.message]);

describe('a hook under an event the agent does not have', () => {
  test('Claude Code: an error at the event name, the hook not loaded, the close name offered', async () => {
    env = makeEnv();
    env.write(
      '~/.claude/settings.json',
      JSON.stringify(
        {
          hooks: {
            SesionStart: [{ hooks: [{ type: 'command', command: 'echo hi' }] }],
            Stop: [{ hooks: [{ type: 'command', command: 'true' }] }],
          },
        },
        null,
        2,
      ),
    );
    const s = await env.source('~/.claude/settings.json');
    expect(await problems('~/.claude/settings.json')).toEqual([
      [
        'error',
        3,
        'hooks.SesionStart: Claude Code has no event SesionStart, so this hook never runs; did you mean SessionStart?',
      ],
    ]);
    expect(s.rules.map((r) => r.events)).toEqual([['Stop']]);
  });

  test('pw code: every hook under it counted; no guess when no name is close', async () => {
    env = makeEnv();
    const hook = { type: 'command', command: 'true' };
    env.write(
      '~/.config/pw/code.json',
      JSON.stringify({ hooks: { Whenever: [{ hooks: [hook, hook] }, { matcher: 'Bash', hooks: [hook] }] } }),
    );
    expect(await problems('~/.config/pw/code.json')).toEqual([
      ['error', 1, 'hooks.Whenever: pw code has no event Whenever, so its 3 hooks never run'],
    ]);
  });

  test('Gemini CLI and AryaCode say the same; AryaCode lists its four events when none is close', async () => {
    env = makeEnv();
    env.write(
      '~/.gemini/settings.json',
      JSON.stringify({ hooks: { BeforeTools: [{ hooks: [{ type: 'command', command: 'a.sh' }] }] } }),
    );
    expect(await problems('~/.gemini/settings.json')).toEqual([
      [
        'error',
        1,
        'hooks.BeforeTools: Gemini CLI has no event BeforeTools, so this hook never runs; did you mean BeforeTool?',
      ],
    ]);
    env.write(
      '~/.arya/polish/hooks.json',
      JSON.stringify([{ name: 'n', on: 'whenever', action: { kind: 'exec', command: 'true' } }]),
    );
    expect(await problems('~/.arya/polish/hooks.json')).toEqual([
      [
        'error',
        1,
        '[0].on: AryaCode has no event whenever, so this hook never runs; its events are turn/stopping, agent/error, compaction/summary, compaction/end',
      ],
    ]);
  });
});
