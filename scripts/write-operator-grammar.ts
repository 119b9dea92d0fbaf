/**
 * Writes the operator rule of grammar/tql.ohm and the operator pattern of
 * grammar/tql.tmLanguage.json from OPERATOR_FACTS (src/schema/operator-facts.ts), the one
 * definition of an operator: a grammar cannot import a TypeScript table, so its lines are
 * generated, and test/parser/operator-spellings.test.ts fails when the committed files differ from
 * what this writes. Run by `npm run generate`, before the Ohm bundle is built from the grammar.
 *
 * Example: `npx tsx scripts/write-operator-grammar.ts`
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OPERATORS } from '../src/ast/nodes.js';

/** The two grammar files, relative to the package root. */
export const OHM_FILE = 'grammar/tql.ohm';
export const TEXTMATE_FILE = 'grammar/tql.tmLanguage.json';

/**
 * The spellings as ordered alternatives: longest first, so that no spelling is tried after a
 * shorter one that is its prefix (PEG and regex alternation commit to the first that matches:
 * `LT` before `LTE` would never let `LTE` through); spellings of one length in canonical order.
 */
export function operatorAlternatives(operators: readonly string[]): string[] {
  return [...operators].sort((a, b) => b.length - a.length);
}

/** `EQ, NOT_EQ, … or ENDS_WITH`: the spellings in canonical order, as the rule's description. */
function described(operators: readonly string[]): string {
  return operators.length === 1 ? operators[0]! : `${operators.slice(0, -1).join(', ')} or ${operators[operators.length - 1]!}`;
}

/** The operator rule with its examples, its description and its alternatives. */
const OHM_RULE = /^ {2}\/\/\+ .*\n( {2}\/\/- .*\n) {2}operator {2}\(an operator: [^)]*\)\n {4}= \([^)]*\) ~identChar$/m;

/**
 * `ohm` (the text of grammar/tql.ohm) with the operator rule written for `operators`: the
 * positive examples, the description and the alternatives. The negative examples are kept.
 */
export function ohmWithOperators(ohm: string, operators: readonly string[]): string {
  if (!OHM_RULE.test(ohm)) throw new Error(`${OHM_FILE}: the operator rule is not in the shape this script writes (//+ examples, //- examples, operator (an operator: …) = (…) ~identChar)`);
  return ohm.replace(OHM_RULE, (_, negative: string) =>
    [
      `  //+ ${operators.map((o) => JSON.stringify(o)).join(', ')}\n${negative}`,
      `  operator  (an operator: ${described(operators)})\n`,
      `    = (${operatorAlternatives(operators).map((o) => JSON.stringify(o)).join(' | ')}) ~identChar`,
    ].join(''),
  );
}

/** The `begin` of the TextMate rule that scopes an operator and its values. */
const TEXTMATE_BEGIN = /("comparison": \{\s*"comment": "[^"]*",\s*"begin": "\(\?<!\[\^ \\\\t\\\\r\\\\n~\]\)\(\?:)[A-Z_|]*(\))/;

/** `json` (the text of grammar/tql.tmLanguage.json) with the comparison rule's operators written for `operators`. */
export function textMateWithOperators(json: string, operators: readonly string[]): string {
  if (!TEXTMATE_BEGIN.test(json)) throw new Error(`${TEXTMATE_FILE}: the comparison rule's begin is not in the shape this script writes ("(?<![^ \\\\t\\\\r\\\\n~])(?:A|B)…")`);
  const written = json.replace(TEXTMATE_BEGIN, (_, before: string, after: string) => `${before}${operatorAlternatives(operators).join('|')}${after}`);
  JSON.parse(written); // still JSON: fail here rather than in an editor
  return written;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = new URL('../', import.meta.url);
  const rewrite = (file: string, write: (text: string, operators: readonly string[]) => string) => {
    const url = new URL(file, root);
    const before = readFileSync(url, 'utf8');
    const after = write(before, OPERATORS);
    if (after !== before) writeFileSync(url, after);
  };
  rewrite(OHM_FILE, ohmWithOperators);
  rewrite(TEXTMATE_FILE, textMateWithOperators);
}
