/** "1 error", "2 errors": a count with its noun, plural where it needs one. */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${n.toLocaleString()} ${n === 1 ? noun : plural}`;
}
