/** The version `tql --version` prints; test/cli/run.test.ts checks it against package.json. */
export const VERSION = '0.1.0';
