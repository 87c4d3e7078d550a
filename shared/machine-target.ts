// What names a machine, free of zod: rules' machines are checked by it (rule-machines.ts, which the
// engine's plan loads) without loading machines.ts, the Machines view's schemas, which every
// in-process `hookpanel emit` then built for nothing.

/**
 * user@host as ssh takes it: the characters of user names, host names and ~/.ssh/config aliases, so it
 * can never be read as an option (electron/host/remote/target.ts checks it again before any ssh runs).
 */
export const TARGET_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9._:[\]-]+$/;
