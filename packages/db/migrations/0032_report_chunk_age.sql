-- When each chunk of a report file was written (migration 0029). A generation clears the chunks
-- no file names before it writes its own; without an age it could clear those another generation
-- of the same report was still writing (two at once, when a job outlives its lease). Now it clears
-- only chunks older than an hour, and after saving it removes exactly the version it replaced.
alter table report_file_chunks add column created_at timestamptz not null default now();
