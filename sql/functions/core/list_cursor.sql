-- list_cursor: the opaque next_cursor of the list functions, for a page ending at (created_at, id).
-- Base64 of "<created_at> <id>" on one line (encode() breaks base64 into 76-character lines, and a
-- cursor is one token); list_page decodes it.
create or replace function switchboard_internal.list_cursor(created_at timestamptz, id uuid)
returns text
language sql
stable
as $$
  select replace(encode(convert_to(switchboard_internal.ts(created_at) || ' ' || id, 'UTF8'), 'base64'), E'\n', '')
$$;
