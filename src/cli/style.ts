/** ANSI colours that switch off when output is not a terminal. */
export interface Style {
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

const wrap = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;

export function style(color: boolean): Style {
  if (!color) {
    const id = (s: string) => s;
    return { red: id, green: id, yellow: id, dim: id, bold: id };
  }
  return { red: wrap(31, 39), green: wrap(32, 39), yellow: wrap(33, 39), dim: wrap(2, 22), bold: wrap(1, 22) };
}
