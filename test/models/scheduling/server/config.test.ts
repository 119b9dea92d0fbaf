/** The server's settings: flags, then environment, then defaults. */
import { describe, expect, test } from 'vitest';
import { readServerConfig } from '../../../../src/models/scheduling/server/config.js';

describe('readServerConfig', () => {
  test.for<[string[], Record<string, string>, object]>([
    [[], {}, { port: 8080, token: 'tql-dev-token', tokenSource: 'default', databaseUrl: undefined, reset: false }],
    [[], { PORT: '9000', TQL_API_TOKEN: 's3cret', DATABASE_URL: 'postgresql://db/x' }, { port: 9000, token: 's3cret', tokenSource: 'TQL_API_TOKEN', databaseUrl: 'postgresql://db/x', reset: false }],
    [['--port', '0', '--token', 'flag'], { PORT: '9000', TQL_API_TOKEN: 's3cret' }, { port: 0, token: 'flag', tokenSource: '--token', databaseUrl: undefined, reset: false }],
    [['--database-url', 'postgresql://a/b', '--reset'], { DATABASE_URL: 'postgresql://other' }, { port: 8080, token: 'tql-dev-token', tokenSource: 'default', databaseUrl: 'postgresql://a/b', reset: true }],
    [[], { TQL_API_TOKEN: '', DATABASE_URL: '' }, { port: 8080, token: 'tql-dev-token', tokenSource: 'default', databaseUrl: undefined, reset: false }],
  ])('%j with env %j', ([argv, env, config]) => {
    expect(readServerConfig(argv, env)).toEqual({ kind: 'config', config });
  });

  test.for<[string[], string]>([
    [['--port', 'http'], '--port takes a port number from 0 to 65535, not "http"'],
    [['--port', '70000'], '--port takes a port number from 0 to 65535, not "70000"'],
    [['--token', 'a b'], 'the token cannot be empty or contain spaces'],
    [['--reset'], '--reset needs --database-url (PGlite always starts from the sample data)'],
    [['--verbose'], "Unknown option '--verbose'"],
  ])('%j is an error', ([argv, message]) => {
    expect(readServerConfig(argv, {})).toEqual({ kind: 'error', message });
  });

  test('--help', () => {
    expect(readServerConfig(['--help'], {})).toMatchObject({ kind: 'help', text: expect.stringContaining('Usage: npm run server') });
  });
});
