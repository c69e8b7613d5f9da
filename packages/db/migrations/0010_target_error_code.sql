-- Why a target's last crawl failed, as a code the console translates (last_error keeps the
-- technical text as a detail).
alter table crawl_targets add column last_error_code text
  check (last_error_code in ('invalid_url', 'unsupported_scheme', 'refused_address', 'too_many_redirects',
                             'timeout', 'too_large', 'http_status', 'network', 'robots_disallowed', 'other'));
update crawl_targets set last_error_code = 'other' where last_error is not null;
