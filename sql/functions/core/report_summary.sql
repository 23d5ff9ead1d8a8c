-- report_summary: the summary an attempt closes with, for end_attempt and end_held alike. The one
-- given, or, with attempt_summary_from_result on, the compact JSON of a complete's or fail's result
-- when none was given; without control characters (TAB, LF and CR stay) and invisible formatting
-- characters (clean_text); cut to 2048 bytes on a UTF-8 boundary and marked truncated, never
-- rejected.
create or replace function switchboard_internal.report_summary(
  outcome text, result jsonb, summary text, out cut text, out truncated boolean)
language plpgsql
stable
as $$
#variable_conflict use_variable
declare
  v_summary text := summary;
begin
  if v_summary is null and result is not null and outcome in ('completed', 'failed')
     and switchboard_internal.setting_bool('attempt_summary_from_result') then
    v_summary := switchboard_internal.compact_json(result);
  end if;
  -- Most reports carry no summary; for them the cut is a no-op not worth a statement.
  truncated := false;
  if v_summary is not null then
    select c.cut, c.truncated into cut, truncated from switchboard_internal.cut_utf8(switchboard_internal.clean_text(v_summary, true), switchboard_internal.limit_of('summary_bytes')) c;
  end if;
end;
$$;
