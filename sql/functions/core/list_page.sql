-- list_page: checks the paging arguments of list_todos and owner_list_todos, in one place. state
-- one of the five, page_size 1..200, and a cursor that one of them returned. A cursor is caller
-- input: whatever fails to decode (not base64, not UTF-8, an impossible time or id) is the same
-- invalid, never a raw data_exception. Returns the (created_at, id) position to continue after, or
-- nulls for the first page. Errors: invalid.
create or replace function switchboard_internal.list_page(state text, page_size integer, cursor text, verb text,
                                                  out after_ts timestamptz, out after_id uuid)
language plpgsql
stable
as $$
declare
  v_decoded text;
begin
  if state is not null and state not in ('pending', 'claimed', 'done', 'failed', 'canceled') then
    perform switchboard_internal.raise('invalid', 'state must be one of pending, claimed, done, failed, canceled', null);
  end if;
  if page_size is null or page_size not between 1 and 200 then
    perform switchboard_internal.raise('invalid', 'page_size must be between 1 and 200', null);
  end if;
  if cursor is not null then
    begin
      v_decoded := convert_from(decode(cursor, 'base64'), 'UTF8');
      if v_decoded ~ '^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z [0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$' then
        after_ts := split_part(v_decoded, ' ', 1)::timestamptz;
        after_id := split_part(v_decoded, ' ', 2)::uuid;
      end if;
    exception when data_exception then
      after_ts := null;
    end;
    if after_ts is null then
      perform switchboard_internal.raise('invalid', format('cursor is not one that %s returned', verb), 'Start again without a cursor.');
    end if;
  end if;
end;
$$;
