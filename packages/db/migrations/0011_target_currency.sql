-- A crawl target's own currency (ISO 4217), set by the operator when its page does not say which
-- currency a bare `$` or a bare number is (a `.com` shop showing only `$`). Null: the page decides.
alter table crawl_targets add column currency char(3) check (currency ~ '^[A-Z]{3}$');

-- Four more reasons a crawl can fail: the currency of the prices is undecided or not held yet, and
-- extraction ran out of time or failed. The check of 0010 is replaced by one that lists them too.
alter table crawl_targets drop constraint crawl_targets_last_error_code_check;
alter table crawl_targets add constraint crawl_targets_last_error_code_check
  check (last_error_code in ('invalid_url', 'unsupported_scheme', 'refused_address', 'too_many_redirects',
                             'timeout', 'too_large', 'http_status', 'network', 'robots_disallowed',
                             'currency_uncertain', 'currency_unsupported', 'extraction_timeout',
                             'extraction_failed', 'other'));
