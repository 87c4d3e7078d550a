/** "1 rule", "3 rules": a count with its noun in the right number (regular English plurals only). */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
