import { describe, expect, it } from 'vitest';
import { budgetStopNote } from './discovery-budget.ts';
import {
  classifyErrorText,
  DISCOVERY_ERROR_CODES,
  DISCOVERY_ITEMS,
  DISCOVERY_LIMITS,
  issueNote,
  issueText,
  mapNoteTexts,
  parseIssueNote,
  readIssue,
  reasonText,
  type DiscoveryIssue,
} from './discovery-issues.ts';
import { translate } from './i18n/messages.ts';

describe('discovery issues', () => {
  it('have words for every code, item and limit in both languages', () => {
    for (const lang of ['es', 'en'] as const) {
      for (const code of DISCOVERY_ERROR_CODES) {
        const text = reasonText(lang, { kind: 'error', code, item: 'source', status: 500 });
        expect(text, `${lang} ${code}`).not.toMatch(/^discovery\.|\{/);
      }
      for (const item of DISCOVERY_ITEMS) {
        expect(translate(lang, `discovery.items.${item}`, { url: 'https://x.mx/' })).not.toMatch(
          /^discovery\./,
        );
      }
      for (const limit of DISCOVERY_LIMITS) {
        const text = issueText(lang, { kind: 'limit', limit, max: 20, count: 3, url: 'https://x.mx/' });
        expect(text, `${lang} ${limit}`).not.toMatch(/^discovery\.|\{/);
      }
    }
  });

  it('are kept as notes and read back', () => {
    const issue: DiscoveryIssue = {
      kind: 'error',
      code: 'http_status',
      status: 404,
      item: 'directory_page',
      url: 'https://dir.mx/?page=2',
      detail: 'HTTP 404 from https://dir.mx/?page=2',
    };
    expect(parseIssueNote(issueNote(issue))).toEqual(issue);
    expect(readIssue(issueNote(issue))).toEqual(issue);
    expect(issueText('es', issue)).toBe(
      'Página del directorio https://dir.mx/?page=2: el servidor respondió con el estado HTTP 404',
    );
    expect(issueText('en', issue)).toBe(
      'Directory page https://dir.mx/?page=2: the server answered with HTTP status 404',
    );
    expect(parseIssueNote('issue:{"kind":"error","code":"gremlins"}')).toBeNull();
    expect(parseIssueNote('issue:{not json')).toBeNull();
    expect(parseIssueNote(budgetStopNote({ budget: 'time', limit: 1000 }))).toBeNull();
  });

  it('read the texts stored before the codes by their words, keeping the text as the detail', () => {
    expect(
      readIssue(
        "Home page https://x.mx/ could not be read (kept, scored from the source's text): getaddrinfo ENOTFOUND x.mx",
      ),
    ).toEqual({
      kind: 'error',
      code: 'dns_not_found',
      item: 'home_page',
      url: 'https://x.mx/',
      detail:
        "Home page https://x.mx/ could not be read (kept, scored from the source's text): getaddrinfo ENOTFOUND x.mx",
    });
    expect(
      readIssue('Could not read the directory at https://d.mx/: HTTP 503 from https://d.mx/'),
    ).toMatchObject({
      code: 'http_status',
      status: 503,
      item: 'source',
      url: 'https://d.mx/',
    });
    expect(
      readIssue('Directory pagination stopped after 20 pages; https://d.mx/?page=21 was not read'),
    ).toEqual({
      kind: 'limit',
      limit: 'directory_pages',
      max: 20,
      url: 'https://d.mx/?page=21',
    });
    expect(readIssue('3 more sites in the sitemaps were left out: a run keeps 500')).toEqual({
      kind: 'limit',
      limit: 'sitemap_sites',
      max: 500,
      count: 3,
    });
    // Text that names nothing known still reads as something: an unexpected error, with its words.
    expect(readIssue('gremlins')).toEqual({
      kind: 'error',
      code: 'other',
      item: 'source',
      detail: 'gremlins',
    });
  });

  it('classify technical texts', () => {
    const cases: Array<[string, ReturnType<typeof classifyErrorText>]> = [
      ['could not resolve x.mx: getaddrinfo ENOTFOUND x.mx', { code: 'dns_not_found' }],
      ['could not fetch http://x.mx/: connect ECONNREFUSED', { code: 'connection_refused' }],
      ['could not fetch https://x.mx/: socket hang up', { code: 'connection_reset' }],
      ['could not fetch https://x.mx/: certificate has expired', { code: 'tls' }],
      ['https://x.mx/ answered HTTP 429', { code: 'http_status', status: 429 }],
      ['https://x.mx/ did not answer within 10000 ms', { code: 'timeout' }],
      ['reading took longer than 50 ms', { code: 'timeout' }],
      ['more than 5 redirects from https://x.mx/', { code: 'too_many_redirects' }],
      ['response body exceeds 5242880 bytes', { code: 'too_large' }],
      ['refused: robots.txt of https://x.mx disallows /', { code: 'robots_disallowed' }],
      [
        'refused: robots.txt of https://x.mx could not be read (connect ECONNREFUSED); a site is not crawled until it can be',
        { code: 'robots_unreachable' },
      ],
      ['refused: 10.0.0.1 is private', { code: 'refused_address' }],
      ['not a sitemap (no <urlset> or <sitemapindex>)', { code: 'unreadable' }],
      ['The source has no sitemap_url configured', { code: 'not_configured' }],
      ['invalid URL: nada', { code: 'invalid_url' }],
    ];
    for (const [text, expected] of cases) expect(classifyErrorText(text), text).toEqual(expected);
  });

  it('mask secrets field by field, so a note stays a note', () => {
    const note = issueNote({
      kind: 'error',
      code: 'timeout',
      item: 'source',
      url: 'https://api.mx/v1?key="sk_123"',
      detail: 'https://api.mx/v1?key="sk_123" did not answer',
    });
    const masked = mapNoteTexts(note, (text) => text.replaceAll('sk_123', '••••'));
    expect(readIssue(masked)).toMatchObject({
      url: 'https://api.mx/v1?key="••••"',
      detail: 'https://api.mx/v1?key="••••" did not answer',
    });
    expect(mapNoteTexts('plain sk_123', (text) => text.replaceAll('sk_123', '••••'))).toBe('plain ••••');
    const stop = budgetStopNote({ budget: 'bytes', limit: 1024 });
    expect(mapNoteTexts(stop, () => 'x')).toBe(stop);
  });
});
