alter table switchboard.todos alter column id set default gen_random_uuid();
