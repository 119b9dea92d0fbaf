/** The server's timeouts and connection cap as `startListServer` takes them. */
import { describe, expect, test } from 'vitest';
import { isTqlError } from '../../../../src/errors/tql-error.js';
import { checkingInterval, resolveConnectionLimits, type ConnectionLimits } from '../../../../src/models/scheduling/server/connection-limits.js';
import { startListServer } from '../../../../src/models/scheduling/server/server.js';

const DEFAULTS: ConnectionLimits = { headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000, maxConnections: 1024 };

describe('resolveConnectionLimits', () => {
  test.for<[Partial<ConnectionLimits>, ConnectionLimits]>([
    [{}, DEFAULTS],
    [{ headersTimeout: 300, requestTimeout: 600, keepAliveTimeout: 300 }, { headersTimeout: 300, requestTimeout: 600, keepAliveTimeout: 300, maxConnections: 1024 }],
    [{ headersTimeout: 30_000 }, { ...DEFAULTS, headersTimeout: 30_000 }],
    [{ maxConnections: 1 }, { ...DEFAULTS, maxConnections: 1 }],
  ])('%j', ([options, limits]) => {
    expect(resolveConnectionLimits(options)).toEqual(limits);
  });

  test.for<[Partial<ConnectionLimits>, string]>([
    [{ maxConnections: 0 }, 'invalid_option: maxConnections takes a whole number of connections from 1 to 1000000, not 0.'],
    [{ headersTimeout: 0.5 }, 'invalid_option: headersTimeout takes a whole number of milliseconds from 1 to 3600000, not 0.5.'],
    [{ keepAliveTimeout: Number.NaN }, 'invalid_option: keepAliveTimeout takes a whole number of milliseconds from 1 to 3600000, not NaN.'],
    [{ requestTimeout: 3_600_001 }, 'invalid_option: requestTimeout takes a whole number of milliseconds from 1 to 3600000, not 3600001.'],
    [{ headersTimeout: 700, requestTimeout: 600 }, 'invalid_option: headersTimeout (700) cannot be longer than requestTimeout (600): the headers are part of the request.'],
  ])('%j is a TqlError', ([options, message]) => {
    let thrown: unknown;
    try {
      resolveConnectionLimits(options);
    } catch (e) {
      thrown = e;
    }
    expect(isTqlError(thrown)).toBe(true);
    expect((thrown as Error).message).toBe(message);
  });

  test('startListServer refuses bad limits before it opens the database', async () => {
    await expect(startListServer({ token: 't', maxConnections: -1 })).rejects.toMatchObject({ name: 'TqlError', code: 'invalid_option' });
  });
});

describe('checkingInterval', () => {
  // Node looks for timed-out requests this often: a request is answered 408 at most this late.
  test.for<[Partial<ConnectionLimits>, number]>([
    [{}, 1000],
    [{ headersTimeout: 300, requestTimeout: 600 }, 75],
    [{ headersTimeout: 20, requestTimeout: 20 }, 10],
    [{ headersTimeout: 1_000_000, requestTimeout: 2_000_000 }, 1000],
  ])('%j → %i ms', ([options, interval]) => {
    expect(checkingInterval(resolveConnectionLimits(options))).toBe(interval);
  });
});
