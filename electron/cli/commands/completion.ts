// `hookpanel completion bash|zsh|fish`: prints the shell's completion script, made from the table of
// commands and the dialects' manifests of this installation.
import { bashScript } from '../completion/bash.js';
import { fishScript } from '../completion/fish.js';
import { completionModel } from '../completion/model.js';
import { zshScript } from '../completion/zsh.js';
import { packageVersion } from '../version.js';

/** `hookpanel completion <shell>`, filled from its entry in definitions.ts (which checks the shell). */
export interface CompletionInput {
  shell: 'bash' | 'zsh' | 'fish';
}

const SCRIPTS = { bash: bashScript, zsh: zshScript, fish: fishScript };

export async function completion({ shell }: CompletionInput): Promise<number> {
  process.stdout.write(SCRIPTS[shell](await completionModel(packageVersion())));
  return 0;
}
