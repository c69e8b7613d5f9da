import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { FetchError } from '@preciofab/fetch/fetch-error';
import { guardedFetch } from '@preciofab/fetch/guarded-fetch';
import { issueText, readIssue } from '@preciofab/shared/discovery-issues';
import { DiscoveryError, errorCode, errorIssue, errorNote } from './discovery-issue.ts';

/** What a fetch of `url` throws, through the real guarded fetcher. */
async function failureOf(url: string, options: Parameters<typeof guardedFetch>[1] = {}): Promise<unknown> {
  try {
    await guardedFetch(url, { timeoutMs: 2000, ...options });
  } catch (error) {
    return error;
  }
  throw new Error(`${url} answered`);
}

/** A port on this machine that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** An error as Node's sockets and resolver throw them: a message and a code. */
const nodeError = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('why a discovery fetch failed, as a code', () => {
  it('tells a missing domain, a refused connection and a refused address apart (real fetches)', async () => {
    // .invalid never resolves (RFC 6761): the resolver's ENOTFOUND, wrapped by the fetcher.
    const dns = await failureOf('https://no-existe.invalid/directorio');
    expect(dns).toBeInstanceOf(FetchError);
    expect((dns as FetchError).code).toBe('network');
    expect(errorCode(dns)).toEqual({ code: 'dns_not_found' });

    const port = await closedPort();
    const refused = await failureOf(`http://127.0.0.1:${port}/`, { allowedHosts: ['127.0.0.1'] });
    expect(errorCode(refused)).toEqual({ code: 'connection_refused' });

    expect(errorCode(await failureOf('http://10.0.0.1/'))).toEqual({ code: 'refused_address' });
  });

  it('reads the cause a collector wrapped, and every kind of Node error', () => {
    const wrapped = new Error('Could not read the directory at https://x.mx/: could not fetch', {
      cause: new FetchError('network', 'could not fetch https://x.mx/: read ECONNRESET', {
        cause: nodeError('read ECONNRESET', 'ECONNRESET'),
      }),
    });
    expect(errorCode(wrapped)).toEqual({ code: 'connection_reset' });
    expect(errorCode(nodeError('certificate has expired', 'CERT_HAS_EXPIRED'))).toEqual({ code: 'tls' });
    expect(errorCode(nodeError('self-signed certificate', 'DEPTH_ZERO_SELF_SIGNED_CERT'))).toEqual({
      code: 'tls',
    });
    expect(errorCode(nodeError('getaddrinfo EAI_AGAIN x.mx', 'EAI_AGAIN'))).toEqual({
      code: 'dns_not_found',
    });
    expect(errorCode(new FetchError('http_status', 'x answered HTTP 503', { status: 503 }))).toEqual({
      code: 'http_status',
      status: 503,
    });
    expect(errorCode(new FetchError('timeout', 'x did not answer within 10000 ms'))).toEqual({
      code: 'timeout',
    });
    expect(errorCode(new FetchError('robots_disallowed', 'refused: robots.txt of x disallows /'))).toEqual({
      code: 'robots_disallowed',
    });
    expect(
      errorCode(new DiscoveryError('not_configured', 'The source has no sitemap_url configured')),
    ).toEqual({
      code: 'not_configured',
    });
    // A network error whose cause says nothing known is a network error; anything else, other.
    expect(errorCode(new FetchError('network', 'could not fetch x: boom'))).toEqual({ code: 'network' });
    expect(errorCode(new Error('something odd'))).toEqual({ code: 'other' });
  });

  it('keeps the technical text as the detail, never as the words a reader gets', () => {
    const issue = errorIssue(
      new FetchError('network', 'could not resolve x.mx: getaddrinfo ENOTFOUND x.mx', {
        cause: nodeError('getaddrinfo ENOTFOUND x.mx', 'ENOTFOUND'),
      }),
      'home_page',
      'https://x.mx/',
    );
    expect(issue).toEqual({
      kind: 'error',
      code: 'dns_not_found',
      item: 'home_page',
      url: 'https://x.mx/',
      detail: 'could not resolve x.mx: getaddrinfo ENOTFOUND x.mx',
    });
    const note = errorNote(
      new FetchError('timeout', 'https://x.mx/ did not answer within 10000 ms'),
      'sitemap',
      'https://x.mx/s.xml',
    );
    expect(issueText('es', readIssue(note))).toBe('Sitemap https://x.mx/s.xml: no respondió a tiempo');
    expect(issueText('es', issue)).toBe('Página de inicio https://x.mx/: no se encontró el dominio (DNS)');
    expect(issueText('es', issue)).not.toContain('ENOTFOUND');
  });
});
