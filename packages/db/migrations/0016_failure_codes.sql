-- Why a report's generation failed, as a code the console says in the reader's language
-- (packages/shared/src/job-failures.ts), with the values its text names (a budget's limit);
-- `error` keeps the technical text as a detail. Rows from before the codes read as 'unknown'.
alter table reports add column error_code text
  check (error_code in ('timeout', 'time_budget', 'size_budget', 'database_unavailable', 'database_error',
                        'browser_unavailable', 'storage', 'out_of_memory', 'cancelled', 'interrupted',
                        'invalid_input', 'unknown'));
alter table reports add column error_values jsonb;
update reports set error_code = 'unknown' where status = 'failed';

-- A robots.txt that could not be read (5xx, network error) is a reason of its own: RFC 9309 reads
-- it as a complete disallow, but the site disallowed nothing. The check of 0011 is replaced by one
-- that lists it too.
alter table crawl_targets drop constraint crawl_targets_last_error_code_check;
alter table crawl_targets add constraint crawl_targets_last_error_code_check
  check (last_error_code in ('invalid_url', 'unsupported_scheme', 'refused_address', 'too_many_redirects',
                             'timeout', 'too_large', 'http_status', 'network', 'robots_disallowed',
                             'robots_unreachable', 'currency_uncertain', 'currency_unsupported',
                             'extraction_timeout', 'extraction_failed', 'other'));
