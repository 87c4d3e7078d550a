// A file's exact bytes as a POSIX `printf` format in single quotes: the way a script sent over ssh
// writes a file byte for byte (no trailing newline added or lost, any byte), with only sh's builtins.
export function printfFormat(text: string | Buffer): string {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  let out = '';
  for (const b of bytes) {
    const c = String.fromCharCode(b);
    if (c === '%') out += '%%';
    else if (c === '\\') out += '\\\\';
    else if (c === "'") out += `'\\''`;
    else if (b >= 0x20 && b < 0x7f) out += c;
    else out += `\\${b.toString(8).padStart(3, '0')}`;
  }
  return `'${out}'`;
}
