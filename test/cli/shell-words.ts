/** Splitting the command lines of docs examples into words, for the docs tests. */

/**
 * The words of a command line as a POSIX shell splits them: single quotes keep everything,
 * double quotes keep everything but `\"` and `\\`, and `#` at the start of a word begins a comment.
 */
export function shellWords(line: string): { words: string[]; comment: string } {
  const words: string[] = [];
  let word: string | undefined;
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (c === ' ') {
      if (word !== undefined) words.push(word);
      word = undefined;
      i++;
    } else if (c === '#' && word === undefined) {
      return { words, comment: line.slice(i + 1).trim() };
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) throw new Error(`unclosed ' in ${line}`);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      let j = i + 1;
      let text = '';
      while (line[j] !== '"') {
        if (j >= line.length) throw new Error(`unclosed " in ${line}`);
        if (line[j] === '\\' && (line[j + 1] === '"' || line[j + 1] === '\\')) j++;
        text += line[j];
        j++;
      }
      word = (word ?? '') + text;
      i = j + 1;
    } else {
      word = (word ?? '') + c;
      i++;
    }
  }
  if (word !== undefined) words.push(word);
  return { words, comment: '' };
}
