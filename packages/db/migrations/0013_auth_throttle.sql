-- Sign-in and password-change throttles as counters that one statement bumps atomically, before the
-- slow password hash (issue 13): the old login_attempts log was read before hashing and written after,
-- so concurrent guesses were all checked against the same count, and it grew with every attempt.
-- A key is a scope and its subject ('ip:…', 'account_ip:…', 'account:…', 'password:…'); a row's
-- window starts at its first attempt and the row is reused once the window has passed.
create table auth_throttle (
  key text primary key,
  window_start timestamptz not null default now(),
  attempts integer not null default 0
);
create index auth_throttle_window_idx on auth_throttle (window_start);

drop table login_attempts;
