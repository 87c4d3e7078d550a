// Aliases checked before a YAML document becomes a value, so each problem points at the alias that
// causes it: one with no anchor before it, one inside the node it names (a cycle), and the one that
// takes the expansion past the limit. The counting is the yaml library's own (Alias.resolve), so a
// file is refused exactly when the library would refuse it, but with a line.
import { isAlias, isCollection, isPair, visit, type Document, type Node } from 'yaml';

export const MAX_ALIAS_COUNT = 100;

export interface AliasProblem {
  message: string;
  offset: number;
}

interface AnchorUse {
  count: number;
  aliasCount: number;
}

export function checkAliases(doc: Document): AliasProblem | null {
  const lastAnchor = new Map<string, Node>();
  const uses = new Map<Node, AnchorUse>();
  const resolved = new Map<Node, Node>();
  let problem: AliasProblem | null = null;
  visit(doc, {
    Node(_key, node, path) {
      if (isAlias(node)) {
        const offset = node.range?.[0] ?? 0;
        const found = lastAnchor.get(node.source);
        if (!found) {
          problem = {
            message: `alias *${node.source} has no anchor &${node.source} before it (an anchor must come before its aliases)`,
            offset,
          };
          return visit.BREAK;
        }
        if (path.includes(found)) {
          problem = {
            message: `alias *${node.source} is inside the node it names, which never ends`,
            offset,
          };
          return visit.BREAK;
        }
        resolved.set(node, found);
        const use = uses.get(found)!;
        use.count += 1;
        if (use.aliasCount === 0) use.aliasCount = aliasCount(found, uses, resolved);
        if (use.count * use.aliasCount > MAX_ALIAS_COUNT) {
          problem = {
            message: `alias *${node.source} expands the document past ${MAX_ALIAS_COUNT} copies of aliased nodes, which looks like a resource exhaustion attack ("billion laughs"); use fewer aliases`,
            offset,
          };
          return visit.BREAK;
        }
        return undefined;
      }
      const anchor = (node as { anchor?: string }).anchor;
      if (anchor) {
        uses.set(node as Node, { count: 1, aliasCount: 0 });
        lastAnchor.set(anchor, node as Node);
      }
      return undefined;
    },
  });
  return problem;
}

/** The library's getAliasCount, with aliases resolved from the walk instead of a search each. */
function aliasCount(node: unknown, uses: Map<Node, AnchorUse>, resolved: Map<Node, Node>): number {
  if (isAlias(node)) {
    const source = resolved.get(node);
    const use = source && uses.get(source);
    return use ? use.count * use.aliasCount : 0;
  }
  if (isCollection(node)) {
    let count = 0;
    for (const item of node.items) count = Math.max(count, aliasCount(item, uses, resolved));
    return count;
  }
  if (isPair(node))
    return Math.max(aliasCount(node.key, uses, resolved), aliasCount(node.value, uses, resolved));
  return 1;
}
