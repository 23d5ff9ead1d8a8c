with pick as (
    select id from (select id from bare.jobs where queue = 'bench' and state = 'claimed' and lease_expires_at <= now() and attempt < max_attempts order by lease_expires_at limit 1 for update skip locked) lapsed
    union all
    select id from (select id from bare.jobs where queue = 'bench' and ready_at <= now() order by priority desc, ready_at limit 1 for update skip locked) ready
    limit 1)
  update bare.jobs j set state = 'claimed', attempt = j.attempt + 1, owner = 'agent-x', lease_expires_at = now() + interval '300 seconds', ready_at = null, updated_at = now()
    from pick where j.id = pick.id returning j.id \gset
update bare.jobs set state = 'done', owner = null, lease_expires_at = null, result = jsonb_build_object('ok', true), updated_at = now() where id = :id and state = 'claimed' and owner = 'agent-x' and lease_expires_at > now();
