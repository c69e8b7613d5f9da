-- robots.txt shared by every worker process (issue 15, item 3). Each process kept its own cache, and
-- read a site's robots.txt itself inside the site's lease: with two workers a realistic crawl sent
-- 390 robots.txt requests for 200 sites, with four 610. The outcome of reading an origin's
-- robots.txt is kept here for every process; each process still keeps its own cache in front.
--
-- One row per origin (scheme, host, port: `https://tienda.example.mx`), written by whoever read it
-- last:
--   outcome 'ok'          the file's text (`body`), trusted for 24 h (RFC 9309 §2.4);
--   outcome 'unavailable' a 4xx: no rules, everything may be crawled, 24 h too;
--   outcome 'unreachable' a 5xx, 429 or network error: the site is not crawled (RFC 9309 §2.3.1.4)
--                         and `reason` says why ("HTTP 503", "connect ECONNREFUSED"); kept 10 min,
--                         so a short outage does not keep a vendor out of a day's crawl.
-- `expires_at` is set by the writer from its TTL; a row past it is read again from the site.
create table robots_cache (
  origin text primary key,
  outcome text not null check (outcome in ('ok', 'unavailable', 'unreachable')),
  body text,
  reason text,
  fetched_at timestamptz not null default now(),
  expires_at timestamptz not null,
  check ((outcome = 'ok') = (body is not null)),
  check ((outcome = 'unreachable') = (reason is not null))
);
