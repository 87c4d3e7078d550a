// `npm run bench -- reliability`: YAML hook files with many keys (the duplicate-key check
// was quadratic, 17 s at 40k keys). Each size is parsed, every key located as diagnostics do, and the
// time per key printed against the smallest size: a flat ratio is linear cost.
import { parseYamlDocument } from '../../electron/host/documents/yaml.js';

const SIZES = [10_000, 40_000, 80_000, 200_000];

export default async function benchReliabilityYaml(): Promise<void> {
  console.log('\nReliability: YAML hook files with many keys (parse + locate every key)');
  let base: number | null = null;
  for (const n of SIZES) {
    const lines = ['hooks:', '  - { id: a, event: after_turn, run: { type: shell, shell: "true" } }'];
    for (let i = 0; i < n; i++) lines.push(`k${i}: ${i}`);
    const text = `${lines.join('\n')}\n`;
    const t0 = performance.now();
    const doc = parseYamlDocument(text, '1.1');
    for (let i = 0; i < n; i++) doc.locate([`k${i}`], 'key');
    const ms = performance.now() - t0;
    const perKey = (ms * 1000) / n;
    base ??= perKey;
    console.log(
      `  ${String(n).padStart(7)} keys  ${(text.length / 1024 / 1024).toFixed(2)} MiB  ${(ms / 1000).toFixed(2).padStart(6)} s  ${perKey.toFixed(1)} µs/key = ${(perKey / base).toFixed(2)}× the ${SIZES[0]}-key file's`,
    );
    await new Promise((r) => setImmediate(r));
  }
}
