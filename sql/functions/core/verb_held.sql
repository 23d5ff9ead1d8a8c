-- verb_held: whether an endpoint's frozen verb set grants a verb. The verb itself, or a verb that
-- implies it (contract()'s implied_verbs: list_todos grants get_todo). The one place that rule
-- lives.
create or replace function switchboard_internal.verb_held(verbs text[], verb text)
returns boolean
language sql
immutable
parallel safe
as $$
  select verb = any (verbs) or coalesce((switchboard_internal.contract() -> 'implied_verbs' ->> verb) = any (verbs), false);
$$;
