import { extname } from 'node:path';
import { findProgram } from '../../util/which.js';

/** The seed's interpreter table, resolved against PATH at load time. */
export function interpreterFor(
  scriptPath: string,
  pathEnv: string | undefined,
  platform: NodeJS.Platform,
): string[] {
  const has = (p: string) => findProgram(p, pathEnv, null, platform) !== null;
  const first = (...choices: string[][]) => choices.find((c) => has(c[0]!)) ?? choices[choices.length - 1]!;
  const python = () => first(['uv', 'run'], ['python3'], ['python']);
  switch (extname(scriptPath).toLowerCase()) {
    case '.py':
      return python();
    case '.ps1':
      return first(['pwsh', '-File'], ['powershell', '-File']);
    case '.sh':
    case '.bash':
    case '.zsh':
      return first(['bash'], ['sh']);
    case '.js':
    case '.mjs':
      return ['node'];
    case '.ts':
      return ['npx', 'tsx'];
    case '.rb':
      return ['ruby'];
    case '.pl':
      return ['perl'];
    default:
      return python();
  }
}

/** Python's `re` syntax that JavaScript spells differently. */
export function compilePythonRegex(source: string): RegExp {
  const js = source.replace(/\(\?P<([A-Za-z_]\w*)>/g, '(?<$1>').replace(/\(\?P=([A-Za-z_]\w*)\)/g, '\\k<$1>');
  return new RegExp(js);
}
