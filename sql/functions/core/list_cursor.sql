-- list_cursor: the opaque next_cursor of the list functions: base64 of "<created_at> <id>" on one line
-- (encode() breaks base64 into 76-character lines, and a cursor is one token).
create or replace function switchboard_internal.list_cursor(created_at timestamptz, id uuid)
returns text
language sql
stable
as $$
  select replace(encode(convert_to(switchboard_internal.ts(created_at) || ' ' || id, 'UTF8'), 'base64'), E'\n', '')
$$;
comment on function switchboard_internal.list_cursor(timestamptz, uuid) is
  'Internal. The next_cursor for a list page ending at (created_at, id); _list_page decodes it.';
