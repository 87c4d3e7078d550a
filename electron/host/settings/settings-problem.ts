// Why settings.json could not be used, each problem at its place: `file:line:column: key: message`, the
// way hook files' problems are said, so a person can go straight to the line.
import type { z } from 'zod';
import { formatKeyPath } from '../documents/document.js';
import { parseJsonDocument } from '../documents/json.js';

export function settingsProblem(path: string, text: string, issues: readonly z.core.$ZodIssue[]): string {
  const doc = parseJsonDocument(text);
  return issues
    .map((issue) => {
      const keyPath = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
      // An unknown key is reported on its object; the key itself is the place to point at.
      const at = issue.code === 'unrecognized_keys' ? [...keyPath, issue.keys[0]!] : keyPath;
      const onKey = issue.code === 'unrecognized_keys' || issue.code === 'invalid_key';
      const pos = doc.locate(at, onKey ? 'key' : 'value');
      const place = pos ? `${path}:${pos.line}:${pos.column}` : path;
      // A record's key that fails its own check says why in its inner issues ("Invalid key in record").
      const message =
        issue.code === 'invalid_key' ? issue.issues.map((i) => i.message).join('; ') : issue.message;
      return `${place}: ${formatKeyPath(at) || '(the whole file)'}: ${message}`;
    })
    .join('; ');
}
