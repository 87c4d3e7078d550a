// A hookpanel run is short, and the shell parser that reads hook commands (tree-sitter, WebAssembly) has
// functions hot enough that V8 recompiles them with its optimizing compiler: that alone cost 1 of the
// 1.4 CPU s of `hookpanel check`. With a tier-up budget no run spends, they stay on the baseline
// compiler (https://v8.dev/blog/wasm-dynamic-tiering). Set by the runs that load the host (every command
// but an emit a running host answers, which compiles no WebAssembly and would pay ~4 ms under Node 24
// for node:v8 alone), before any WebAssembly is compiled. Not in the app: a long-lived process gains
// from the optimized code. Only on the V8s known to have the flag, as an unknown one is an error printed
// on stderr, which a hook's protocol reads.
import { setFlagsFromString } from 'node:v8';

export function keepWasmOnBaseline(): void {
  if (/^(20|22|24)\./.test(process.versions.node)) setFlagsFromString('--wasm-tiering-budget=2000000000');
}
