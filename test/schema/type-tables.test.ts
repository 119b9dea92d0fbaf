/**
 * Where a layer's behaviour differs per type, it keeps a table keyed by type. Each such table in
 * src/ must be typed as a mapped type over `AttributeType` (`{ readonly [T in AttributeType]: … }`,
 * or `Record<AttributeType, …>`): then a new type does not compile until every table has its
 * entry (test/types/operator-tables.test-d.ts shows the compiler refusing one without it). A table
 * typed any other way (`Record<string, …>`, or left to inference) would accept the omission.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { ATTRIBUTE_TYPES } from '../../src/schema/types.js';
import { sourceFiles, SRC } from '../support/source-files.js';

interface TypeTable {
  /** `validate/to-ast.ts:71 WRITERS`. */
  readonly where: string;
  /** Whether its declared type makes every type a required key. */
  readonly keyedByType: boolean;
}

/** `{ readonly [T in AttributeType]: … }` or `Record<AttributeType, …>`. */
function isKeyedByType(type: ts.TypeNode | undefined): boolean {
  if (type === undefined) return false;
  if (ts.isMappedTypeNode(type)) return type.typeParameter.constraint?.getText() === 'AttributeType' && type.questionToken === undefined;
  return ts.isTypeReferenceNode(type) && type.typeName.getText() === 'Record' && type.typeArguments?.[0]?.getText() === 'AttributeType';
}

/** Every object literal with a key for each type, and how the variable that holds it is typed. */
function typeTables(path: string, code: string): TypeTable[] {
  const file = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true);
  const tables: TypeTable[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const keys = new Set(node.properties.map((p) => (p.name !== undefined && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : '')));
      if (ATTRIBUTE_TYPES.every((t) => keys.has(t))) {
        let holder: ts.Node = node.parent;
        let declared: ts.TypeNode | undefined;
        // `{ … } as const` and `{ … } satisfies T` hold the literal too.
        while (ts.isAsExpression(holder) || ts.isSatisfiesExpression(holder) || ts.isParenthesizedExpression(holder)) {
          if (ts.isSatisfiesExpression(holder) && isKeyedByType(holder.type)) declared = holder.type;
          holder = holder.parent;
        }
        if (declared === undefined && ts.isVariableDeclaration(holder)) declared = holder.type;
        const name = ts.isVariableDeclaration(holder) ? holder.name.getText() : '(an unnamed object)';
        tables.push({ where: `${path}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${name}`, keyedByType: isKeyedByType(declared) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return tables;
}

const tables = sourceFiles(SRC).flatMap((file) => typeTables(relative(SRC, file), readFileSync(file, 'utf8')));

test('every table in src/ with an entry for each type is keyed by AttributeType, so a new type cannot be left out', () => {
  expect(tables.filter((t) => !t.keyedByType).map((t) => t.where)).toEqual([]);
});

test('the tables found are the layers’ decisions per type', () => {
  // Line numbers left out: the list says which layers decide per type, not where.
  expect(tables.map((t) => t.where.replace(/:\d+ /, ' '))).toMatchInlineSnapshot(`
    [
      "backends/memory/comparisons.ts VALUE_KINDS",
      "backends/mongo/attribute-filter.ts PRESENT",
      "backends/sql/column-fit.ts FIT_PROBLEM_BY_TYPE",
      "backends/sql/column-storage.ts COLUMNS_OF",
      "backends/sql/mapping.ts ELEMENT_KINDS",
      "backends/sql/sort-sql.ts TYPE_SORT_KEYS",
      "backends/sql/table-plan.ts COLUMN_KINDS",
      "diagnose/storage-fit.ts FITS",
      "http/list-order.ts SORT_TYPES",
      "http/mongo-list-order.ts SORT_VALUES",
      "http/openapi-filter.ts PREFERRED",
      "http/openapi-filter.ts VALUES",
      "http/openapi-filter.ts VALUE_WORDS",
      "schema/type-facts.ts TYPE_FACTS",
      "testing/invalid-query-arbitrary.ts WRONG_VALUE",
      "testing/query-values.ts VALUE_TEXT",
      "testing/rules.ts BY_TYPE",
      "testing/stored-values.ts STORED",
      "testing/stored-values.ts MISTYPED",
      "tooling/completion.ts TYPE_VALUES",
      "tooling/hover.ts VALUE_DETAIL",
      "tooling/warnings.ts TYPE_WARNINGS",
      "validate/to-ast.ts WRITERS",
      "validate/values.ts READERS",
    ]
  `);
});

test('a table typed otherwise, or held by no declaration, is found', () => {
  const code = [
    "const GOOD: { readonly [T in AttributeType]: number } = { ID: 1, String: 2, Timestamp: 3, Boolean: 4, Number: 5 };",
    "const RECORD: Record<AttributeType, number> = { ID: 1, String: 2, Timestamp: 3, Boolean: 4, Number: 5 };",
    "const CHECKED = { ID: 1, String: 2, Timestamp: 3, Boolean: 4, Number: 5 } as const satisfies { readonly [T in AttributeType]: number };",
    "const LOOSE: Record<string, number> = { ID: 1, String: 2, Timestamp: 3, Boolean: 4, Number: 5 };",
    "const PARTIAL: { readonly [T in AttributeType]?: number } = { ID: 1, String: 2, Timestamp: 3, Boolean: 4, Number: 5 };",
    "const INFERRED = { ID: 1, String: 2, Timestamp: 3, Boolean: 4, Number: 5 };",
    "f({ ID: 1, String: 2, Timestamp: 3, Boolean: 4, Number: 5 });",
    "const SOME: { readonly [T in AttributeType]?: number } = { ID: 1 };",
  ].join('\n');
  expect(typeTables('x.ts', code)).toEqual([
    { where: 'x.ts:1 GOOD', keyedByType: true },
    { where: 'x.ts:2 RECORD', keyedByType: true },
    { where: 'x.ts:3 CHECKED', keyedByType: true },
    { where: 'x.ts:4 LOOSE', keyedByType: false },
    { where: 'x.ts:5 PARTIAL', keyedByType: false },
    { where: 'x.ts:6 INFERRED', keyedByType: false },
    { where: 'x.ts:7 (an unnamed object)', keyedByType: false },
  ]);
});
