// What every command shares: the error that says a command was used wrongly (exit 2). Nothing else here,
// so the path `hookpanel emit` takes on every tool call imports nothing through it.
export class UsageError extends Error {}
