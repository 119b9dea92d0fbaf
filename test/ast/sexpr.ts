/**
 * A compact S-expression view of a syntax tree for test tables: operators and keywords in
 * upper case, groups as `(group …)`, negations as `(NOT …)`, lists in brackets, text that would need quotes in JSON.
 *
 *   (AND (LIKE agent.name john) (group (OR (EQ a.b 1) (IN a.c [x "y z" null]))))
 */
import type { Expr, Query, Value } from '../../src/ast/nodes.js';

export function sexpr(node: Query | Expr): string {
  switch (node.kind) {
    case 'Query':
      return sexpr(node.expression);
    case 'Or':
    case 'And':
      return `(${node.kind.toUpperCase()} ${node.operands.map(sexpr).join(' ')})`;
    case 'Group':
      return `(group ${sexpr(node.expression)})`;
    case 'Not':
      return `(NOT ${sexpr(node.expression)})`;
    case 'Predicate': {
      const { attribute, operator, values } = node;
      const shown = values.length === 1 ? value(values[0]) : `[${values.map(value).join(' ')}]`;
      return `(${operator.name} ${attribute.entity}.${attribute.property} ${shown})`;
    }
  }
}

function value(v: Value): string {
  if (v.kind === 'Null') return 'null';
  return /^[^\s"()[\]\\]+$/.test(v.text) && v.text !== 'null' ? v.text : JSON.stringify(v.text);
}
