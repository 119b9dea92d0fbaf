/**
 * Decimal literals compared by their digits: whether a written number and the double it is read
 * as are the same decimal, so a warning can say when digits were lost.
 */

/** A decimal as sign, significant digits (no leading or trailing zeros) and a power of ten. */
interface Decimal {
  readonly negative: boolean;
  readonly digits: string;
  readonly exponent: number;
}

const LITERAL = /^(-?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?$/;

function decimalOf(text: string): Decimal | undefined {
  const m = LITERAL.exec(text);
  if (m === null) return undefined;
  const [, sign = '', whole = '', fraction = '', exp = '0'] = m;
  let digits = `${whole}${fraction}`.replace(/^0+/, '');
  let exponent = Number(exp) - fraction.length;
  const trimmed = digits.replace(/0+$/, '');
  exponent += digits.length - trimmed.length;
  digits = trimmed;
  // Zero has no sign and no exponent worth comparing.
  if (digits === '') return { negative: false, digits: '', exponent: 0 };
  return { negative: sign === '-', digits, exponent };
}

/**
 * True when the literal `written` means another decimal than the shortest form of the double `n`
 * it was read as: `0.1` is 0.1 (the double prints back as written), `1.00000000000000001` is 1,
 * `1e-400` is 0.
 *
 * @example
 * ```ts
 * losesDigits('1.00000000000000001', 1); // true
 * losesDigits('2.50e3', 2500); // false
 * ```
 */
export function losesDigits(written: string, n: number): boolean {
  const a = decimalOf(written);
  const b = decimalOf(String(n).replace('e+', 'e'));
  if (a === undefined || b === undefined) return false;
  return a.digits !== b.digits || a.exponent !== b.exponent || (a.digits !== '' && a.negative !== b.negative);
}
