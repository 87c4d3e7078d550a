// MCP server definitions (`mcpServers` in .mcp.json and settings files): validated with positions,
// normalized to one of two transports, and `${VAR}` / `${VAR:-default}` expanded when a server starts.
import { z } from 'zod';
import type { KeyPath } from '../documents/document.js';
import type { DiagnosticSink } from '../diagnostics/sink.js';
import { describeValue, reportZodIssues, suggest } from '../diagnostics/zod-issues.js';
import type { McpServerConfig } from '../../../shared/mcp.js';
import { isPlainObject } from '../util/plain-object.js';

const StringMap = z.record(z.string(), z.string());

export const StdioServerSchema = z.object({
  type: z.literal('stdio').default('stdio'),
  command: z.string().min(1),
  args: z.array(z.string()).default([]),
  env: StringMap.default({}),
  cwd: z.string().min(1).optional(),
});
export const HttpServerSchema = z.object({
  type: z.enum(['http', 'streamable-http']).default('http'),
  url: z.string().min(1),
  headers: StringMap.default({}),
});
type HttpServerConfig = z.infer<typeof HttpServerSchema>;

const KNOWN_KEYS = { stdio: ['type', 'command', 'args', 'env', 'cwd'], http: ['type', 'url', 'headers'] };

/**
 * Reads a file's `mcpServers` block. A server with errors is reported and left out; the file's hooks
 * still load, since a broken server only breaks the hooks that call it.
 */
export function readServerDefinitions(
  block: unknown,
  sink: DiagnosticSink,
  at: KeyPath = ['mcpServers'],
): Record<string, McpServerConfig> {
  const out: Record<string, McpServerConfig> = {};
  if (block === undefined) return out;
  if (!isPlainObject(block)) {
    sink.error(
      'wrong_type',
      `expected an object of server names to server definitions, got ${describeValue(block)}`,
      { at },
    );
    return out;
  }
  for (const [name, def] of Object.entries(block)) {
    const sAt = [...at, name];
    if (!isPlainObject(def)) {
      sink.error(
        'wrong_type',
        `expected a server definition ({ "command": … } or { "type": "http", "url": … }), got ${describeValue(def)}`,
        { at: sAt },
      );
      continue;
    }
    if (def.type === 'sse') {
      sink.error(
        'unsupported_transport',
        'the legacy SSE transport is not supported; servers that offer streamable HTTP work with "type": "http"',
        { at: [...sAt, 'type'] },
      );
      continue;
    }
    const isHttp =
      def.type === 'http' ||
      def.type === 'streamable-http' ||
      (def.type === undefined && 'url' in def && !('command' in def));
    const schema = isHttp ? HttpServerSchema : StdioServerSchema;
    const known = KNOWN_KEYS[isHttp ? 'http' : 'stdio'];
    for (const key of Object.keys(def)) {
      if (!known.includes(key))
        sink.warn(
          'unknown_key',
          `unknown key "${key}" in a ${isHttp ? 'http' : 'stdio'} MCP server is ignored${suggest(key, known)}`,
          { at: [...sAt, key], part: 'key' },
        );
    }
    const parsed = schema.safeParse(def);
    if (!parsed.success) {
      reportZodIssues(sink, schema, parsed.error.issues, sAt, null);
      continue;
    }
    if (isHttp) {
      const url = expandText((parsed.data as HttpServerConfig).url, {}, true);
      if (!url.startsWith('${') && !/^https?:\/\//.test(url)) {
        sink.error('invalid_url', `an MCP server URL must be http:// or https://, got "${url}"`, {
          at: [...sAt, 'url'],
        });
        continue;
      }
    }
    out[name] = parsed.data;
  }
  return out;
}

/** `${VAR}` and `${VAR:-default}` as .mcp.json files use them; a missing variable without a default is an error. */
export function expandServerConfig(
  config: McpServerConfig,
  env: Record<string, string | undefined>,
): { config: McpServerConfig } | { error: string } {
  const missing: string[] = [];
  const x = (text: string) => expandText(text, env, false, missing);
  const map = (m: Record<string, string>) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k, x(v)]));
  const expanded: McpServerConfig =
    config.type === 'stdio'
      ? {
          ...config,
          command: x(config.command),
          args: config.args.map(x),
          env: map(config.env),
          ...(config.cwd ? { cwd: x(config.cwd) } : {}),
        }
      : { ...config, url: x(config.url), headers: map(config.headers) };
  if (missing.length)
    return {
      error: `it uses ${[...new Set(missing)].map((v) => `\${${v}}`).join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not set in Hookpanel's environment and ${missing.length === 1 ? 'has' : 'have'} no default (\${VAR:-default})`,
    };
  return { config: expanded };
}

function expandText(
  text: string,
  env: Record<string, string | undefined>,
  keepUnknown: boolean,
  missing: string[] = [],
): string {
  return text.replace(/\$\{([A-Za-z_]\w*)(?::-([^}]*))?\}/g, (whole, name: string, fallback?: string) => {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
    if (fallback !== undefined) return fallback;
    if (keepUnknown) return whole;
    missing.push(name);
    return '';
  });
}
