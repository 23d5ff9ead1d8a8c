-- An owner clocks its own endpoints; another owner's endpoint answers not_found byte for byte as one that never
-- existed, and stays as it was.
begin;
select plan(3);

select test.endpoint() as mine \gset
select test.endpoint() as theirs \gset
select test.owner_of(:'mine') as me \gset

select is(switchboard.owner_set_endpoint_presence(:'me'::uuid, :'mine'::uuid, false)->'clocked_in', 'false'::jsonb, 'its own: clocked out');
select is(test.error_of(format('select switchboard.owner_set_endpoint_presence(%L, %L, false)', :'me', :'theirs')),
          replace(test.error_of(format('select switchboard.owner_set_endpoint_presence(%L, %L, false)', :'me', '00000000-0000-4000-8000-000000000000'))::text,
                  '00000000-0000-4000-8000-000000000000', :'theirs')::jsonb,
          'another owner''s endpoint answers exactly as an unknown one');
select is((select e.clocked_in from switchboard.endpoints e where e.id = :'theirs'), true, 'and is still clocked in');

select * from finish();
rollback;
