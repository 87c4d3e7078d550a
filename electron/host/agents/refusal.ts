// A connect or disconnect Hookpanel will not make (a file the agent could not read, one changed since
// the preview, a link to nowhere): found deep in a plan or a write, where `refuse` raises it, and
// answered to callers by `unlessRefused` as a `refused` outcome they switch on. The error itself
// never leaves this module.

/** Hookpanel would not make the change; the message says why and names the file. */
export interface ConnectRefused {
  kind: 'refused';
  message: string;
}

class Refusal extends Error {}

/** Stops the connect or disconnect under way with this reason; `unlessRefused` answers it. */
export function refuse(message: string): never {
  throw new Refusal(message);
}

/** Runs `work`, answering a refusal raised in it as an outcome; any other failure is thrown on. */
export async function unlessRefused<T extends { kind: string }>(
  work: () => Promise<T>,
): Promise<T | ConnectRefused> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof Refusal) return { kind: 'refused', message: e.message };
    throw e;
  }
}
