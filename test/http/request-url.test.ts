/** The URL of an incoming request: links must never point at a host the request made up. */
import type { IncomingMessage } from 'node:http';
import { describe, expect, test } from 'vitest';
import { requestUrl } from '../../src/http/request-url.js';

/** The two fields requestUrl reads, as node:http fills them. */
function request(url: string, host?: string): IncomingMessage {
  return { url, headers: host === undefined ? {} : { host }, socket: {} } as unknown as IncomingMessage;
}

describe('requestUrl', () => {
  test.for<[string, string | undefined, string | undefined, string]>([
    ['/v1/agents?filter=a~EQ~b', undefined, 'http://127.0.0.1:8080', 'http://127.0.0.1:8080/v1/agents?filter=a~EQ~b'],
    ['/v1/agents', 'api.example.com', undefined, 'http://api.example.com/v1/agents'],
    ['/v1/agents', 'localhost:3000', undefined, 'http://localhost:3000/v1/agents'],
    ['/v1/agents', '[::1]:3000', undefined, 'http://[::1]:3000/v1/agents'],
    // A host header that is not a host name is not used.
    ['/v1/agents', 'evil.example/x?', undefined, 'http://localhost/v1/agents'],
    ['/v1/agents', 'a b', undefined, 'http://localhost/v1/agents'],
    // A path that looks like a protocol-relative URL stays a path.
    ['//evil.example/v1/agents', 'api.example.com', undefined, 'http://api.example.com//evil.example/v1/agents'],
    ['//evil.example/v1/agents', undefined, 'https://api.example.com', 'https://api.example.com//evil.example/v1/agents'],
    ['/v1/agents#frag', undefined, 'http://h', 'http://h/v1/agents%23frag'],
  ])('%s (Host %s, base %s)', ([url, host, base, expected]) => {
    expect(requestUrl(request(url, host), base).href).toBe(expected);
  });
});
