// Validation of a generated 1,000-rule file per dialect, against the bare parser on the same bytes.
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { DIALECT_MODULES } from '../../electron/host/dialects/registry.js';
import type { Candidate } from '../../electron/host/dialects/dialect.js';
import { DiagnosticSink } from '../../electron/host/diagnostics/sink.js';
import { parseDocument } from '../../electron/host/sources/parse.js';
import { DEFAULT_SETTINGS } from '../../electron/host/settings/settings.js';
import type { Dialect } from '../../shared/model.js';
import { measure, report } from './measure.js';
import type { Sample, SampleOf } from './samples/sample.js';

const N = 1000;

/** The sample generator in samples/<dialect>.ts, found by the same convention as the dialect registry. */
async function generate(dialect: Dialect): Promise<Sample | null> {
  const path = `./samples/${dialect}.js`;
  const found = (await import(path).catch(() => null)) as { sample: SampleOf } | null;
  return found ? found.sample(N) : null;
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
  for (const mod of DIALECT_MODULES) {
    const dialect = mod.dialect;
    const generated = await generate(dialect);
    if (!generated) {
      console.log(`  ${dialect}: skipped, no sample generator in test/bench/samples/${dialect}.ts`);
      continue;
    }
    const { text, format } = generated;
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
        const doc = parseDocument(text, format, mod.yamlVersion, mod.parse);
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
