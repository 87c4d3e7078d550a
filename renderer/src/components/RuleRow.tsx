// One rule's row in a table of figures per rule (History's time and failures, Hook cost): the rule by
// what it does, its agent, then the table's own cells.
import type { ReactNode } from 'react';
import type { Handler } from '../../../shared/model.js';
import { agentLabel, RuleName } from './names.js';

export function RuleRow({
  name,
  handler,
  index,
  source,
  dialect,
  className,
  children,
}: {
  name: string;
  handler: Handler | string;
  index?: number | null;
  source: string;
  dialect: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <tr className={className}>
      <td>
        <RuleName name={name} handler={handler} index={index} source={source} />
      </td>
      <td>{agentLabel(dialect)}</td>
      {children}
    </tr>
  );
}
