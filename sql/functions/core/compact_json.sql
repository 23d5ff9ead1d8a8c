-- compact_json: JSON text without the spaces jsonb's output puts after ':' and ','. Whitespace
-- inside strings is kept: each string literal is matched whole, so only the blanks between tokens
-- go.
create or replace function switchboard_internal.compact_json(doc jsonb)
returns text
language sql
immutable
as $$
  select regexp_replace(doc::text, '("(?:[^"\\]|\\.)*")|[ ]+', '\1', 'g')
$$;
