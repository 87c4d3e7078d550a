// Where the repository is, in a module of its own: the setup files of every test file (cpu-log.ts) need
// it, and importing it from env.ts would load the host's whole loader into every test process.
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The repository, whether this runs from source (vitest) or compiled under dist/ (the bench). */
export const REPO = basename(HERE) === 'dist' ? dirname(HERE) : HERE;
