// execa, loaded on first use: it is a large module graph (a hundred milliseconds on a busy machine),
// and a process that runs no hook (the in-process emit of an event no rule matches) never needs it.
let loading: Promise<typeof import('execa')> | null = null;

export function loadExeca(): Promise<typeof import('execa')> {
  loading ??= import('execa');
  return loading;
}
