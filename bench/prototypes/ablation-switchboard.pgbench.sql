select switchboard.claim_next(endpoint_id => :ep::uuid, queue => 'bench'::text) ->> 'id' as id \gset
select switchboard.complete(endpoint_id => :ep::uuid, todo_id => :id::uuid, result => jsonb_build_object('ok', true)) is not null as ok;
