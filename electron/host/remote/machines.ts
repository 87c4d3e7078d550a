// The machines `hookpanel remote add` installed on: remote.json in Hookpanel's home, owner-only (it
// holds each machine's token). What was installed and what connect changed there is kept here, so
// remove and disconnect take back exactly it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { homePaths, type HostEnv } from '../paths.js';
import { writeFileAtomic } from '../util/atomic.js';

const RemoteAgentSchema = z.object({
  path: z.string(),
  fileExisted: z.boolean(),
  hadHooksKey: z.boolean(),
  connectedAt: z.string(),
  /** The bridge hooks connect wrote there, and what the agent's part recorded for them (Codex's trust). */
  entries: z
    .array(z.object({ event: z.string(), group: z.number().int(), hook: z.number().int() }))
    .default([]),
  trusted: z.array(z.object({ key: z.string(), hash: z.string() })).default([]),
  notes: z.record(z.string(), z.unknown()).default({}),
});

const MachineSchema = z.object({
  target: z.string(),
  /** The remote user's home, as its shell gives $HOME. */
  home: z.string(),
  token: z.string(),
  whenUnreachable: z.enum(['block', 'go-on']),
  installedAt: z.string(),
  /** Agents connected there with `connect --remote`. */
  agents: z.record(z.string(), RemoteAgentSchema).default({}),
});
export type MachineRecord = z.infer<typeof MachineSchema>;

const StoreSchema = z.object({ machines: z.record(z.string(), MachineSchema).default({}) });

export const machinesPath = (host: HostEnv) => join(homePaths(host).root, 'remote.json');

export async function readMachines(host: HostEnv): Promise<Record<string, MachineRecord>> {
  let text: string;
  try {
    text = await readFile(machinesPath(host), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw e;
  }
  const parsed = StoreSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(`${machinesPath(host)}: ${z.prettifyError(parsed.error).split('\n').join('; ')}`);
  return parsed.data.machines;
}

export async function writeMachines(host: HostEnv, machines: Record<string, MachineRecord>): Promise<void> {
  await writeFileAtomic(machinesPath(host), `${JSON.stringify({ machines }, null, 2)}\n`, 0o600);
}

/** Changes one machine's record (or removes it, given null), read and written in one step. */
export async function updateMachine(
  host: HostEnv,
  target: string,
  change: (m: MachineRecord | undefined) => MachineRecord | null,
): Promise<void> {
  const all = await readMachines(host);
  const next = change(all[target]);
  if (next) all[target] = next;
  else delete all[target];
  await writeMachines(host, all);
}
