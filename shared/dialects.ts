// Every dialect Hookpanel knows, in display order: the one list all others derive from. A dialect is a
// folder under electron/host/dialects/ (manifest.ts, index.ts, runtime.ts, …) and one entry here.
// The manifests are plain data (lint keeps them free of Node and zod), so the renderer and the light
// `hookpanel emit` path may load this file.
import { manifest as arya } from '../electron/host/dialects/arya/manifest.js';
import { manifest as chrys } from '../electron/host/dialects/chrys/manifest.js';
import { manifest as claude } from '../electron/host/dialects/claude/manifest.js';
import { manifest as codex } from '../electron/host/dialects/codex/manifest.js';
import { manifest as copilot } from '../electron/host/dialects/copilot/manifest.js';
import { manifest as droid } from '../electron/host/dialects/droid/manifest.js';
import { manifest as gemini } from '../electron/host/dialects/gemini/manifest.js';
import { manifest as io } from '../electron/host/dialects/io/manifest.js';
import { manifest as opencode } from '../electron/host/dialects/opencode/manifest.js';
import { manifest as pw } from '../electron/host/dialects/pw/manifest.js';
import { manifest as qwen } from '../electron/host/dialects/qwen/manifest.js';
import type { DialectManifest } from './manifest.js';

export const DIALECT_MANIFESTS = [
  arya,
  io,
  chrys,
  pw,
  claude,
  codex,
  gemini,
  opencode,
  qwen,
  copilot,
  droid,
] as const;

export type Dialect = (typeof DIALECT_MANIFESTS)[number]['id'];

export const DIALECT_IDS = DIALECT_MANIFESTS.map((m) => m.id) as [Dialect, ...Dialect[]];

export function isDialect(name: unknown): name is Dialect {
  return DIALECT_IDS.includes(name as Dialect);
}

export function dialectManifest(id: Dialect): DialectManifest {
  return DIALECT_MANIFESTS.find((m) => m.id === id)!;
}

export type { DialectManifest } from './manifest.js';
