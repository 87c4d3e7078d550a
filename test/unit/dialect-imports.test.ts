// The folders under the dialects (the engine, MCP, documents, the permission mechanism) serve every
// dialect and import nothing from electron/host/dialects/: what they share with a dialect lives with
// them (util/plain-object.ts, documents/document.ts's FileFormat, shared/rule-name.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { REPO } from '../helpers/env.js';

const LOWER = ['engine', 'mcp', 'documents', 'permissions'];

test('the engine, MCP, documents and permissions import nothing from dialects/', () => {
  const found: string[] = [];
  for (const folder of LOWER) {
    const dir = join(REPO, 'electron', 'host', folder);
    for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((n) => n.endsWith('.ts')))
      for (const [i, line] of readFileSync(join(dir, f), 'utf8').split('\n').entries())
        if (/^\s*(import|export)\b.*from '[^']*\/dialects\//.test(line))
          found.push(`electron/host/${folder}/${f}:${i + 1}: ${line.trim()}`);
  }
  expect(found).toEqual([]);
});
