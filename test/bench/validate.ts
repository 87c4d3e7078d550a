// Validation of a generated 1,000-rule file per dialect, against the bare parser on the same bytes.
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { dialectModule } from '../../electron/host/dialects/registry.js';
import type { Candidate } from '../../electron/host/dialects/dialect.js';
import { DiagnosticSink } from '../../electron/host/diagnostics/sink.js';
import { parseDocument } from '../../electron/host/sources/parse.js';
import { DEFAULT_SETTINGS } from '../../electron/host/settings/settings.js';
import type { Dialect } from '../../shared/model.js';
import { measure, report } from './measure.js';

const N = 1000;

function generate(dialect: Dialect): { text: string; format: 'json' | 'yaml' | 'toml' } {
  const idx = Array.from({ length: N }, (_, i) => i);
  switch (dialect) {
    case 'arya':
      return {
        format: 'json',
        text: JSON.stringify(
          {
            hooks: idx.map((i) => ({
              name: `r${i}`,
              on: 'turn/stopping',
              action: { kind: 'exec', command: '/bin/true', args: [`${i}`] },
            })),
          },
          null,
          2,
        ),
      };
    case 'io':
      return {
        format: 'toml',
        text: idx
          .map((i) => `[[hook]]\non = ["turn_end"]\nrun = ["/bin/true", "${i}"]\ntimeout_ms = 1000\n`)
          .join('\n'),
      };
    case 'chrys':
      return {
        format: 'yaml',
        text: `version: 1\nhooks:\n${idx.map((i) => `  - id: h${i}\n    event: after_tool_call\n    match:\n      tool_name: edit_file\n      args:\n        path:\n          regex: "\\\\.py$"\n    run:\n      type: command\n      argv: ["/bin/true", "${i}"]\n    execution:\n      mode: async\n`).join('')}`,
      };
    case 'pw':
    case 'claude':
      return {
        format: 'json',
        text: JSON.stringify(
          {
            hooks: {
              PreToolUse: idx.map((i) => ({
                matcher: `Tool${i % 10}`,
                hooks: [{ type: 'command', command: '/bin/true', args: [`${i}`], timeout: 5 }],
              })),
            },
          },
          null,
          2,
        ),
      };
  }
}

const bare = {
  json: (t: string) => JSON.parse(t),
  yaml: (t: string) => parseYaml(t),
  toml: (t: string) => parseToml(t),
};

export async function benchValidate(): Promise<void> {
  console.log(
    `\nValidation: a generated file of ${N} rules per dialect vs the bare parser on the same bytes`,
  );
  const ctx = {
    host: { home: '/nonexistent', platform: process.platform, env: { PATH: process.env.PATH } },
    workspace: null,
    settings: DEFAULT_SETTINGS,
  };
  for (const dialect of ['arya', 'io', 'chrys', 'pw', 'claude'] as Dialect[]) {
    const mod = dialectModule(dialect);
    const { text, format } = generate(dialect);
    const candidate: Candidate = {
      path: `/bench/${dialect}.${format}`,
      layer: 'user',
      priority: 0,
      role: 'hosted',
      projectScoped: false,
      format,
    };
    let rules = 0;
    const full = await measure(
      'bare',
      async () => {
        const doc = parseDocument(text, format, mod.yamlVersion);
        const sink = new DiagnosticSink(candidate.path, doc);
        const loaded = await mod.load(doc, candidate, sink, ctx);
        rules = loaded.rules.length;
      },
      { runs: 9 },
    );
    const baseline = await measure(`bare ${format}`, () => bare[format](text), { runs: 9 });
    if (rules !== N) throw new Error(`${dialect}: expected ${N} rules, got ${rules}`);
    report(
      `  ${dialect} (${(text.length / 1024).toFixed(0)} KiB ${format}) validate+normalize`,
      { ...full, name: 'validate' },
      baseline,
    );
  }
}
