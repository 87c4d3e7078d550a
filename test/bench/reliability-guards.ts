// `npm run bench -- reliability`: the guards that cannot be talked open (guard-trials.ts), many times over,
// printing their figures (trials, lost, crashes; refusals, forged values, the longest wait on a stopped
// host) rather than asserting them.
import { describeFigures } from '../reliability/process-trials.js';
import {
  hungHostTrials,
  oddFolderTrials,
  reentryTrials,
  secondHostTrials,
} from '../reliability/guard-trials.js';

export default async function benchReliabilityGuards(): Promise<void> {
  console.log('\nReliability: guards that cannot be talked open');
  const reentry = await reentryTrials(5);
  console.log(
    `${describeFigures('  re-entry refused, HOOKPANEL_DISPATCH forged (× 5)', reentry)}  refused ${reentry.refused}  forged ${reentry.forged}`,
  );
  const hung = await hungHostTrials(5);
  console.log(
    `${describeFigures('  host SIGSTOPped: emit, fast path, requests (× 5)', hung)}  longest wait ${(hung.longestMs / 1000).toFixed(1)} s  held past the bound and answered ${hung.heldAnswered}/2`,
  );
  console.log(
    describeFigures('  folders with control characters, non-ASCII (× 5)', await oddFolderTrials(5)),
  );
  console.log(describeFigures('  a second host on the same home (× 3)', await secondHostTrials(3)));
}
