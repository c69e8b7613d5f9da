-- A generated report's file was written in one statement: a CSV of 50,000 rows (several MB) took
-- 1.4 s on PGlite at 100k prices, and PGlite runs one statement at a time for the whole process,
-- so every new price waited that long. A file is now written in chunks of 256 KB, one statement
-- each and outside the transaction that makes it the report's file: `version` names the set of
-- chunks a report's file is (null: a file written before, whole in `content`). A generation that
-- dies while writing leaves chunks of a version no file names; the next one removes them.
create table report_file_chunks (
  report_id uuid not null references reports (id) on delete cascade,
  version uuid not null,
  seq integer not null,
  content bytea not null,
  primary key (report_id, version, seq)
);
alter table report_files add column version uuid;
