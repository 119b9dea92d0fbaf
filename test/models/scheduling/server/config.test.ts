/** The server's settings: flags, then environment, then defaults. */
import { describe, expect, test } from 'vitest';
import { readServerConfig } from '../../../../src/models/scheduling/server/config.js';

const LIMITS = { headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000, maxConnections: 1024 };

describe('readServerConfig', () => {
  test.for<[string[], Record<string, string>, object]>([
    [[], {}, { port: 8080, token: 'tql-dev-token', tokenSource: 'default', databaseUrl: undefined, reset: false, limits: LIMITS }],
    [[], { PORT: '9000', TQL_API_TOKEN: 's3cret', DATABASE_URL: 'postgresql://db/x' }, { port: 9000, token: 's3cret', tokenSource: 'TQL_API_TOKEN', databaseUrl: 'postgresql://db/x', reset: false, limits: LIMITS }],
    [['--port', '0', '--token', 'flag'], { PORT: '9000', TQL_API_TOKEN: 's3cret' }, { port: 0, token: 'flag', tokenSource: '--token', databaseUrl: undefined, reset: false, limits: LIMITS }],
    [['--database-url', 'postgresql://a/b', '--reset'], { DATABASE_URL: 'postgresql://other' }, { port: 8080, token: 'tql-dev-token', tokenSource: 'default', databaseUrl: 'postgresql://a/b', reset: true, limits: LIMITS }],
    [[], { TQL_API_TOKEN: '', DATABASE_URL: '' }, { port: 8080, token: 'tql-dev-token', tokenSource: 'default', databaseUrl: undefined, reset: false, limits: LIMITS }],
    [
      ['--headers-timeout', '300', '--request-timeout=600', '--keep-alive-timeout', '250'],
      { TQL_HEADERS_TIMEOUT: '9', TQL_MAX_CONNECTIONS: '4' },
      { port: 8080, token: 'tql-dev-token', tokenSource: 'default', databaseUrl: undefined, reset: false, limits: { headersTimeout: 300, requestTimeout: 600, keepAliveTimeout: 250, maxConnections: 4 } },
    ],
    [[], { TQL_HEADERS_TIMEOUT: '', TQL_MAX_CONNECTIONS: '' }, { port: 8080, token: 'tql-dev-token', tokenSource: 'default', databaseUrl: undefined, reset: false, limits: LIMITS }],
  ])('%j with env %j', ([argv, env, config]) => {
    expect(readServerConfig(argv, env)).toEqual({ kind: 'config', config });
  });

  test.for<[string[], string]>([
    [['--port', 'http'], '--port takes a port number from 0 to 65535, not "http"'],
    [['--port', '70000'], '--port takes a port number from 0 to 65535, not "70000"'],
    [['--token', 'a b'], 'the token cannot be empty or contain spaces'],
    [['--reset'], '--reset needs --database-url (PGlite always starts from the sample data)'],
    [['--verbose'], "Unknown option '--verbose'"],
    [['--max-connections', '0'], '--max-connections (or TQL_MAX_CONNECTIONS) takes a whole number of connections from 1 to 1000000, not "0"'],
    [['--keep-alive-timeout', '1.5'], '--keep-alive-timeout (or TQL_KEEP_ALIVE_TIMEOUT) takes a whole number of milliseconds from 1 to 3600000, not "1.5"'],
    [['--headers-timeout', '5000', '--request-timeout', '4000'], '--headers-timeout (5000) cannot be longer than --request-timeout (4000): the headers are part of the request'],
    [['--request-timeout', '9000'], '--headers-timeout (10000) cannot be longer than --request-timeout (9000): the headers are part of the request'],
  ])('%j is an error', ([argv, message]) => {
    expect(readServerConfig(argv, {})).toEqual({ kind: 'error', message });
  });

  test('a limit from the environment is checked as its flag is', () => {
    expect(readServerConfig([], { TQL_REQUEST_TIMEOUT: '30s' })).toEqual({
      kind: 'error',
      message: '--request-timeout (or TQL_REQUEST_TIMEOUT) takes a whole number of milliseconds from 1 to 3600000, not "30s"',
    });
  });

  test('--help names every option', () => {
    const help = readServerConfig(['--help'], {});
    expect(help).toMatchObject({ kind: 'help', text: expect.stringContaining('Usage: npm run server') });
    for (const flag of ['--port', '--token', '--database-url', '--reset', '--headers-timeout', '--request-timeout', '--keep-alive-timeout', '--max-connections']) {
      expect((help as { text: string }).text).toContain(flag);
    }
  });
});
