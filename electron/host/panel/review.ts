// Trust review: each project file with hooks, its diff against the last trusted bytes, every command
// it would run, and the scripts it points at with their diffs.
import { readFile } from 'node:fs/promises';
import { createTwoFilesPatch } from 'diff';
import type { ReviewItem } from '../../../shared/ipc.js';
import type { Source } from '../../../shared/model.js';
import { serversOf } from '../../../shared/mcp.js';
import { dialectModule } from '../dialects/registry.js';
import { describeHandler } from '../dialects/rule.js';
import { handlerArgv } from '../engine/handlers.js';
import type { TrustStore } from '../trust/store.js';

export async function reviewItems(sources: Source[], trust: TrustStore): Promise<ReviewItem[]> {
  const out: ReviewItem[] = [];
  for (const source of sources) {
    const servers = Object.entries(serversOf(source));
    if (!source.projectScoped || source.state === 'absent' || (!source.rules.length && !servers.length))
      continue;
    const status = trust.status(source);
    const entry = trust.entry(source.path) ?? null;
    const text = await readFile(source.path, 'utf8').catch(() => null);
    const before = entry ? await trust.trustedText(source.path) : null;
    const runtime = dialectModule(source.dialect).runtime;
    out.push({
      source,
      status,
      trustedAt: entry?.trustedAt ?? null,
      text,
      diff:
        before !== null && text !== null && status === 'changed'
          ? createTwoFilesPatch(source.path, source.path, before, text, 'trusted', 'now')
          : null,
      commands: [
        ...source.rules.map((r) => {
          const argv = handlerArgv(r, runtime, {});
          return {
            rule: r.name,
            event: r.events.join(', '),
            argv: r.handler.kind === 'shell' ? null : argv,
            shell: r.handler.kind === 'shell' ? r.handler.command : null,
            other: argv ? null : describeHandler(r.handler),
          };
        }),
        // A stdio MCP server is a program the project chose, started when a hook first calls it.
        ...servers.map(([name, c]) => ({
          rule: `mcpServers.${name}`,
          event: 'the first call of an mcp_tool hook',
          argv: c.type === 'stdio' ? [c.command, ...c.args] : null,
          shell: null,
          other: c.type === 'stdio' ? null : `http ${c.url}`,
        })),
      ],
      scripts: await Promise.all(
        source.scripts.map(async (s) => {
          const trusted = entry?.scripts.find((t) => t.path === s.path);
          const now = await readFile(s.path, 'utf8').catch(() => null);
          const then = trusted?.sha256 ? await trust.trustedText(s.path, trusted.sha256) : null;
          const changed = !trusted || trusted.sha256 !== s.sha256;
          return {
            path: s.path,
            sha256: s.sha256,
            changed,
            text: now,
            diff:
              changed && then !== null && now !== null
                ? createTwoFilesPatch(s.path, s.path, then, now, 'trusted', 'now')
                : null,
          };
        }),
      ),
    });
  }
  return out;
}
