// How many times this test process ran the CLI through runCli (cli.ts), counted apart from cli.ts so
// test/helpers/cpu-log.ts, a setup file of every test file, reads it without loading cli.ts's imports.
let runs = 0;

export const countCliRun = (): void => void runs++;
export const cliRuns = (): number => runs;
