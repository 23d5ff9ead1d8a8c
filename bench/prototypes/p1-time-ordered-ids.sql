-- Prototype P1: time-ordered todo ids (UUIDv7 layout: 48-bit Unix ms, then random bits).
-- Why: todos.id is gen_random_uuid(), so every non-HOT update of a todo (claim and complete both are) inserts into a
-- random leaf of todos_pkey, and every attempt row into a random leaf of todo_attempts_pkey and of the
-- one-open exclusion index (both lead with todo_id). After each checkpoint the first touch of a leaf writes a full-page
-- image: pg_waldump of a switchboard run shows about half of its WAL as FPIs on exactly those indexes. With ids
-- in creation order, a FIFO queue touches a few adjacent leaves over and over, one FPI each per checkpoint.
create or replace function switchboard._uuid_v7()
returns uuid
language sql
volatile
as $$
  select encode(
           overlay(uuid_send(gen_random_uuid())
                   placing substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
                   from 1 for 6),
           'hex')::uuid
$$;
comment on function switchboard._uuid_v7() is
  'Internal. A time-ordered UUID: 48-bit Unix milliseconds, then the random bits of gen_random_uuid() (version nibble left at 4).';
alter table switchboard.todos alter column id set default switchboard._uuid_v7();
