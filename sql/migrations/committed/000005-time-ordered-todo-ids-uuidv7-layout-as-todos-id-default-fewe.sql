--! Previous: sha1:605d99cce611087b9c368766e80b481bd4ae1c1f
--! Hash: sha1:d0a0271d59b372c1ad36bfde7c77bde4d6a828fb
--! Message: Time-ordered todo ids (UUIDv7 layout) as todos.id default: fewer full-page images on todos_pkey and todo_attempts_pkey

-- Time-ordered todo ids (UUIDv7 layout: 48-bit Unix milliseconds, version 7, then random bits; the variant bits come
-- from gen_random_uuid()). Why: with random ids every claim and complete (neither is a HOT update) inserts into a
-- random leaf of todos_pkey, and every attempt row into random leaves of todo_attempts_pkey and the one-open index
-- (both lead with todo_id); the first touch of a leaf after a checkpoint logs the whole page, about half of a cycle's
-- WAL. In creation order, a FIFO queue keeps touching the same few leaves. An expression, not a function, so that
-- apply-functions (which drops and recreates every function) never meets a column default depending on one.
alter table switchboard.todos alter column id set default
  encode(set_byte(overlay(uuid_send(gen_random_uuid())
                          placing substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
                          from 1 for 6),
                  6, 112 + floor(random() * 16)::integer),
         'hex')::uuid;
