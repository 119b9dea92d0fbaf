/**
 * Reading a Number attribute's value (docs/language.md, Types): a decimal literal read as the
 * nearest double, as JavaScript's `Number` reads it. An integer literal beyond ±2^53 is refused:
 * engines that hold it as a 64-bit integer would compare another value than the double.
 */

/** Optional `-`, digits, optional fraction, optional exponent. No `+`, hex, `NaN` or `Infinity`. */
const DECIMAL = /^-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
const INTEGER_LITERAL = /^-?[0-9]+$/;
const LARGEST_EXACT = 2n ** 53n;

/**
 * The double a Number literal means, or why it is none (a phrase that follows the quoted value
 * in a message) with a corrected spelling when one is plain.
 *
 * @example
 * ```ts
 * numberValue('-1.5'); // -1.5
 * numberValue('+5'); // { why: 'has a + sign, which numbers are written without', fix: '5' }
 * ```
 */
export function numberValue(text: string): number | { readonly why: string; readonly fix?: string } {
  if (!DECIMAL.test(text)) return notDecimal(text);
  const n = Number(text);
  if (!Number.isFinite(n)) return { why: 'is beyond the largest double (about 1.8e308)' };
  if (INTEGER_LITERAL.test(text) && (text.startsWith('-') ? -BigInt(text) : BigInt(text)) > LARGEST_EXACT) {
    return { why: 'is an integer beyond ±2^53 (9007199254740992), where doubles skip integers; write it with an exponent if an approximation is meant' };
  }
  // -0 and 0 are the same number; one spelling keeps printed and bound values plain.
  return n === 0 ? 0 : n;
}

function notDecimal(text: string): { readonly why: string; readonly fix?: string } {
  if (text.startsWith('+') && DECIMAL.test(text.slice(1))) return { why: 'has a + sign, which numbers are written without', fix: text.slice(1) };
  if (/^-?\.[0-9]/.test(text) && DECIMAL.test(text.replace('.', '0.'))) return { why: 'needs a digit before the point', fix: text.replace('.', '0.') };
  if (/^-?[0-9]+\.(?:[eE]|$)/.test(text) && DECIMAL.test(text.replace('.', ''))) return { why: 'needs a digit after the point', fix: text.replace('.', '') };
  if (/^[+-]?(?:nan|inf(?:inity)?)$/i.test(text)) return { why: 'is not compared: NaN and Infinity are not values of a Number' };
  if (/^-?0x/i.test(text)) return { why: 'is hex; write the number in decimal' };
  return { why: 'is not a number: write a decimal such as 18, -1.5 or 2.5e3' };
}
