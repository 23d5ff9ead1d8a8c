-- ring_endpoint: rings one endpoint for a queue, ring's per-endpoint part. The signal on
-- switchboard_doorbell with its opaque tags, and its webhook delivery when it has a doorbell_url;
-- nothing when it is clocked out, counted in doorbell_skips instead.
create or replace function switchboard_internal.ring_endpoint(endpoint_id uuid, doorbell_url text, clocked_in boolean, queue text)
returns void
language plpgsql
volatile
as $$
#variable_conflict use_variable
begin
  if not clocked_in then
    perform switchboard_internal.count_doorbell_skips(1);
    return;
  end if;
  perform switchboard_internal.signal('switchboard_doorbell',
            array['endpoint:' || endpoint_id::text, 'queue:' || endpoint_id::text || ':' || queue]);
  if doorbell_url is not null then
    perform switchboard_internal.queue_doorbell_webhook(endpoint_id, queue);
  end if;
end;
$$;
