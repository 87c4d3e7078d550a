// Every dialect Hookpanel knows, in display order. A new dialect is one folder and one line here.
import type { Dialect } from '../../../shared/model.js';
import { arya } from './arya/index.js';
import { chrys } from './chrys/index.js';
import { claude } from './claude/index.js';
import type { DialectModule } from './dialect.js';
import { io } from './io/index.js';
import { pw } from './pw/index.js';

export const DIALECT_MODULES: readonly DialectModule[] = [arya, io, chrys, pw, claude];

export function dialectModule(name: Dialect): DialectModule {
  const found = DIALECT_MODULES.find((d) => d.dialect === name);
  if (!found) throw new Error(`unknown dialect ${name}`);
  return found;
}
