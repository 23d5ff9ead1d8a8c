--! Previous: sha1:05476cdc278b07683aac92ea22253664d931a2fe
--! Hash: sha1:5a89b107ab5c3033b64da141923eaafaeb23dd88
--! Message: a todo's A2A wake key may come from its first follower

-- A todo filed over MCP, from the Board or by a teammate now gets a wake key from its first A2A follower
-- (switchboard.a2a_follow), so the column no longer means "filed over A2A".
comment on column switchboard.todos.a2a_wake_key is
  'The key its transitions NOTIFY on switchboard_a2a: the filing endpoint''s a2a_wake_key when filed over A2A, else its first A2A follower''s (switchboard.a2a_follow); null while nobody follows it.';
