/**
 * Where a JSON text first goes wrong. V8's `JSON.parse` names a position for most errors but
 * not for an unexpected token ("Unexpected token 'x', … is not valid JSON"), and a record file
 * needs a line number in every case.
 */

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * The offset of the first character that cannot continue a valid JSON text (the text's length
 * when it ends too early), or -1 when the text is valid JSON. Iterative, so any nesting depth is
 * fine.
 *
 * @example
 * ```ts
 * jsonErrorOffset('{"a": tru}'); // 9
 * jsonErrorOffset('[1, 2]');     // -1
 * ```
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  /** Open containers: `{` or `[`. */
  const stack: number[] = [];
  const skip = () => {
    while (i < text.length && WS.has(text.charCodeAt(i))) i++;
  };
  const literal = (word: string) => {
    for (let k = 0; k < word.length; k++, i++) if (text.charCodeAt(i) !== word.charCodeAt(k)) return false;
    return true;
  };
  const string = () => {
    i++; // the opening quote
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return true;
      }
      if (c < 0x20) return false;
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9A-Fa-f]{4}$/.test(text.slice(i + 2, i + 6))) {
            i += 2;
            return false;
          }
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else {
          i++;
          return false;
        }
      } else i++;
    }
    return false;
  };
  const number = () => {
    const m = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 400));
    if (m === null || m[0] === '' || m[0] === '-') return false;
    i += m[0].length;
    return true;
  };
  /** `"key":` inside an object; false leaves `i` at the bad character. */
  const key = (): boolean => {
    skip();
    if (text[i] !== '"' || !string()) return false;
    skip();
    if (text[i] !== ':') return false;
    i++;
    return true;
  };
  /**
   * Reads the start of a value: a whole scalar, or a container's opening (and its closing when
   * empty; else the next value is its first element). Returns 'open' when an element must
   * follow, 'done' after a complete value, 'bad' at an error.
   */
  const begin = (): 'open' | 'done' | 'bad' => {
    skip();
    const c = text[i];
    if (c === '{' || c === '[') {
      i++;
      skip();
      if (text[i] === (c === '{' ? '}' : ']')) {
        i++;
        return 'done';
      }
      stack.push(c.charCodeAt(0));
      if (c === '{' && !key()) return 'bad';
      return 'open';
    }
    let ok: boolean;
    if (c === '"') ok = string();
    else if (c === 't') ok = literal('true');
    else if (c === 'f') ok = literal('false');
    else if (c === 'n') ok = literal('null');
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) ok = number();
    else ok = false;
    return ok ? 'done' : 'bad';
  };
  const bad = () => Math.min(i, text.length);
  for (;;) {
    // Read values until one is complete…
    let state = begin();
    while (state === 'open') state = begin();
    if (state === 'bad') return bad();
    // …then close containers until one wants another element.
    for (;;) {
      skip();
      const open = stack.at(-1);
      if (open === undefined) return i === text.length ? -1 : i;
      const c = text[i];
      if (c === ',') {
        i++;
        if (open === 0x7b && !key()) return bad();
        break;
      }
      if ((open === 0x7b && c === '}') || (open === 0x5b && c === ']')) {
        stack.pop();
        i++;
      } else return bad();
    }
  }
}
