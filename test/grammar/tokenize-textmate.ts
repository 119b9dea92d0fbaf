/**
 * grammar/tql.tmLanguage.json loaded as VS Code loads it (vscode-textmate on the Oniguruma WASM
 * build), and a text tokenized line by line as an editor hands it over.
 */
import { readFileSync } from 'node:fs';
import { loadWASM, OnigScanner, OnigString } from 'vscode-oniguruma';
import { INITIAL, parseRawGrammar, Registry, type IGrammar } from 'vscode-textmate';

const GRAMMAR_FILE = new URL('../../grammar/tql.tmLanguage.json', import.meta.url);
export const SCOPE_NAME = 'source.tql';

let loaded: Promise<IGrammar> | undefined;

/** The grammar, loaded once per test file. */
export function tqlTextMateGrammar(): Promise<IGrammar> {
  loaded ??= (async () => {
    const wasm = readFileSync(new URL('../../node_modules/vscode-oniguruma/release/onig.wasm', import.meta.url));
    await loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer);
    const registry = new Registry({
      onigLib: Promise.resolve({ createOnigScanner: (patterns) => new OnigScanner(patterns), createOnigString: (s) => new OnigString(s) }),
      loadGrammar: async (scopeName) => (scopeName === SCOPE_NAME ? parseRawGrammar(readFileSync(GRAMMAR_FILE, 'utf8'), GRAMMAR_FILE.pathname) : null),
    });
    const grammar = await registry.loadGrammar(SCOPE_NAME);
    if (grammar === null) throw new Error(`${SCOPE_NAME} did not load`);
    return grammar;
  })();
  return loaded;
}

/** A token: its text, where it is in the whole text, and its scopes without the root scope. */
export interface Token {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly scopes: readonly string[];
}

/** The tokens of `text`, split into lines at `\r\n`, `\r` and `\n` as an editor splits them. */
export function tokenize(grammar: IGrammar, text: string): Token[] {
  const tokens: Token[] = [];
  let stack = INITIAL;
  let lineStart = 0;
  for (const match of text.matchAll(/[^\r\n]*(\r\n|\r|\n|$)/g)) {
    const line = match[0].slice(0, match[0].length - match[1]!.length);
    const result = grammar.tokenizeLine(line, stack);
    for (const t of result.tokens) {
      // vscode-textmate reports one token past the end of the line text (its appended \n).
      const end = Math.min(t.endIndex, line.length);
      if (end > t.startIndex) {
        tokens.push({ text: line.slice(t.startIndex, end), start: lineStart + t.startIndex, end: lineStart + end, scopes: t.scopes.slice(1) });
      }
    }
    stack = result.ruleStack;
    lineStart += match[0].length;
    if (match[1] === '') break;
  }
  return tokens;
}

// Spaces and tabs between tokens carry no scope of their own: leaving them out keeps the pinned
// form readable; inside a string they carry its scope and are shown.
const CONTEXT_ONLY = new Set(['meta.group.tql']);
const showsText = (t: Token): boolean => !/^[ \t]+$/.test(t.text) || t.scopes.some((s) => !CONTEXT_ONLY.has(s));
/**
 * `text` as one visible line: control characters as their control pictures (`\t` as `␉`, as the
 * docs show them) and spaces at either end as `␠`.
 */
export function visible(text: string): string {
  const pictured = text.replace(/[\u0000-\u001f\u007f]/g, (c) => String.fromCharCode(c === '\u007f' ? 0x2421 : 0x2400 + c.charCodeAt(0)));
  return pictured.replace(/^ +| +$/g, (spaces) => '␠'.repeat(spaces.length));
}

/**
 * One line per token, `text → scopes`, each scope without the `.tql` every scope ends with;
 * a token with no scope of its own shows `(none)`.
 */
export function renderTokens(tokens: readonly Token[]): string {
  return tokens
    .filter(showsText)
    .map((t) => `${visible(t.text)} → ${t.scopes.length === 0 ? '(none)' : t.scopes.map((s) => s.replace(/\.tql$/, '')).join(' ')}`)
    .join('\n');
}
