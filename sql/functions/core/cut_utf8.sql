-- cut_utf8: cuts text to at most max_bytes of UTF-8 without splitting a character. truncated says
-- whether anything was cut.
create or replace function switchboard_internal.cut_utf8(input text, max_bytes integer, out cut text, out truncated boolean)
language plpgsql
immutable
as $$
declare
  v_bytes bytea;
  v_end integer;
begin
  if input is null or octet_length(input) <= max_bytes then
    cut := input;
    truncated := false;
    return;
  end if;
  v_bytes := convert_to(input, 'UTF8');
  v_end := max_bytes;
  -- Back off while the first byte left out is a continuation byte (10xxxxxx): the cut would split it.
  while v_end > 0 and (get_byte(v_bytes, v_end) & 192) = 128 loop
    v_end := v_end - 1;
  end loop;
  cut := convert_from(substring(v_bytes from 1 for v_end), 'UTF8');
  truncated := true;
end;
$$;
