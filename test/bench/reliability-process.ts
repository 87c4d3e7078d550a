// `npm run bench -- reliability`: the process and bridge trials of the reliability tier, many times
// over, printing their figures (trials, survivors, lost, crashes) rather than asserting them.
import { oversizedAnswerTrials } from '../reliability/answer-trials.js';
import { canForceWrap, strangerGroupTrials, wrapEscapeTrials } from '../reliability/wrap-trials.js';
import {
  describeFigures,
  durableKillTrials,
  escapeTrials,
  inFlightKillTrials,
} from '../reliability/process-trials.js';
import { answeredKillTrials } from '../reliability/record-trials.js';

export default async function benchReliabilityProcess(): Promise<void> {
  console.log('\nReliability: processes and the bridge');
  console.log(describeFigures('  escapes (5 kinds × 8), no host', await escapeTrials(8, 'none')));
  console.log(describeFigures('  escapes (5 kinds × 8), with a host', await escapeTrials(8, 'running')));
  console.log(
    describeFigures('  escapes (5 kinds × 8), host SIGKILLed mid-run', await escapeTrials(8, 'killed')),
  );
  console.log(
    describeFigures('  guard events in flight, host SIGKILLed (emit)', await inFlightKillTrials(20)),
  );
  console.log(
    describeFigures(
      '  guard events in flight, host SIGKILLed (fast path)',
      await inFlightKillTrials(20, 'fast path'),
    ),
  );
  console.log(describeFigures('  durable jobs in flight, host SIGKILLed', await durableKillTrials(10)));
  console.log(
    describeFigures(
      '  events answered, then the host SIGKILLed (lost = not in History)',
      await answeredKillTrials(10),
    ),
  );
  console.log(
    describeFigures(
      '  guards answering a 1.1 MiB block (pw, claude, chrys × 5)',
      await oversizedAnswerTrials(5),
    ),
  );
  if (!canForceWrap()) {
    console.log(
      '  pid wrap trials: skipped (forcing a wrap needs root on Linux: /proc/sys/kernel/ns_last_pid)',
    );
    return;
  }
  // Each forced wrap sends the whole machine's pid allocation to the bottom once: a few, not many.
  console.log(
    describeFigures('  escapees forked after a forced pid wrap (4 each)', await wrapEscapeTrials(5)),
  );
  console.log(
    describeFigures(
      "  a stranger given a dead hook group's pgid (lost = signalled)",
      await strangerGroupTrials(5),
    ),
  );
}
