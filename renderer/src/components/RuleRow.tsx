// One rule's row in a table of figures per rule (History's time and failures, Hook cost): the rule by
// what it does, its agent, then the table's own cells.
import type { ReactNode } from 'react';
import type { Handler } from '../../../shared/model.js';
import { agentLabel, RuleName } from './names.js';

/** A recorded rule: which agent ran it, from which file, under which name. */
interface RecordedRule {
  dialect: string;
  source: string;
  rule: string;
}

/** A React key for a rule's row: the same name may stand in two files, or for two agents. */
export const ruleRowKey = (r: RecordedRule) => `${r.dialect}:${r.source}:${r.rule}`;

export function RuleRow({
  of,
  handler,
  index,
  className,
  children,
}: {
  of: RecordedRule;
  handler: Handler | string;
  index?: number | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <tr className={className}>
      <td>
        <RuleName name={of.rule} handler={handler} index={index} source={of.source} />
      </td>
      <td>{agentLabel(of.dialect)}</td>
      {children}
    </tr>
  );
}
