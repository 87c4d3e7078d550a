// The contract's shapes for Settings → Machines: each machine `hookpanel remote add` reached, its
// connection's state, and what adding or removing one does there, shown before it is done.
import { z } from 'zod';

export const WhenUnreachableSchema = z.enum(['block', 'go-on']);
export type WhenUnreachable = z.infer<typeof WhenUnreachableSchema>;

const Target = z.string().min(3).max(300);

export const MachineViewSchema = z.object({
  target: z.string(),
  home: z.string(),
  installedAt: z.string(),
  whenUnreachable: WhenUnreachableSchema,
  /** Agents connected there with `connect --remote`. */
  agents: z.array(z.string()),
  /** `no host`: no Hookpanel host runs on this computer (only the CLI sees that). */
  state: z.enum(['connecting', 'connected', 'reconnecting', 'stopped', 'no host']),
  /** ssh's own last words, while reconnecting. */
  error: z.string().nullable(),
  lastEventAt: z.string().nullable(),
  since: z.string().nullable(),
  retryAt: z.string().nullable(),
});
export type MachineView = z.infer<typeof MachineViewSchema>;

/** What `remote add` will put there, and where: the plan shown before anything is installed. */
export const MachinePlanSchema = z.object({
  target: z.string(),
  dir: z.string(),
  /** The machine is Hookpanel's already: its files are brought up to date. */
  update: z.boolean(),
  /** Each file or folder, by its name in `dir`. */
  files: z.array(z.object({ name: z.string(), what: z.string() })),
  /** Whether curl (or Node, its fallback) is there for the bridge, in words. */
  tools: z.string(),
  whenUnreachable: WhenUnreachableSchema,
});
export type MachinePlan = z.infer<typeof MachinePlanSchema>;

/** What `remote remove` will take back there: agents' files given back, then the bridge's files. */
export const MachineRemovalSchema = z.object({
  target: z.string(),
  /** The bridge's folder there. */
  dir: z.string(),
  agents: z.array(z.string()),
  files: z.array(z.string()),
  /** Removed once empty. */
  folders: z.array(z.string()),
});

const Done = z.object({ ok: z.boolean(), message: z.string() });

export const MachineChannels = {
  'machines:list': { req: z.object({}), res: z.array(MachineViewSchema) },
  /** Reaches the machine over ssh (nothing is written) and says what adding it installs there. */
  'machines:plan': {
    req: z.object({ target: Target, whenUnreachable: WhenUnreachableSchema }),
    res: MachinePlanSchema,
  },
  'machines:add': { req: z.object({ target: Target, whenUnreachable: WhenUnreachableSchema }), res: Done },
  'machines:removal': { req: z.object({ target: Target }), res: MachineRemovalSchema },
  'machines:remove': { req: z.object({ target: Target }), res: Done },
} as const;

/**
 * ssh's last words about a connection that failed, as a person would say them (OpenSSH's messages:
 * ssh(1), "DIAGNOSTICS"; sshconnect.c). ssh's own line stays beside it for whoever can read it.
 */
export function sshInWords(said: string): string {
  const known: [RegExp, string][] = [
    [/Connection refused/i, 'nothing answers on its SSH port: the machine or its SSH server is down'],
    [
      /Connection timed out|Operation timed out|No route to host|Network is unreachable/i,
      'the machine does not answer: it may be asleep, off the network, or behind a firewall',
    ],
    [
      /Could not resolve hostname|Name or service not known/i,
      'its name is not known here: check the name, or add it to your ~/.ssh/config',
    ],
    [
      /Host key verification failed|REMOTE HOST IDENTIFICATION HAS CHANGED|No .*host key is known/i,
      'this computer does not know its host key yet (or it changed): reach it once with ssh in a terminal',
    ],
    [
      /Permission denied/i,
      'it refused your key: check the user name and that your key or ssh agent is set up',
    ],
    [
      /remote port forwarding failed|forwarding.*failed/i,
      'it refused to forward the socket: its SSH server must allow stream forwarding (AllowStreamLocalForwarding)',
    ],
    [/Connection (closed|reset)|Broken pipe|connection .*ended/i, 'the connection was closed'],
  ];
  return known.find(([re]) => re.test(said))?.[1] ?? 'the connection failed';
}
