--! Previous: sha1:60cdec690c0ceb2797228d144f2daaed77d36c42
--! Hash: sha1:05476cdc278b07683aac92ea22253664d931a2fe
--! Message: dead-letter notices of a team todo go to every member with a notify URL: a deliveries row names its member

-- A team todo's dead letter is told to each member of the team with a notify_url (sink 'member', one row per
-- member, owner_id naming it), not to the owner of the endpoint that added it: that endpoint is provenance, never
-- authority, and a member who owns the work expects to hear. A personal todo's stays sink 'owner' (owner_id null:
-- the adding endpoint's owner, read at delivery). No foreign key to owners: on a sharded cluster a member may live
-- in another database than the team's todos; removal from the team deletes the rows, and delivery() re-checks
-- membership anyway.
alter table switchboard.deliveries add column owner_id uuid;
comment on column switchboard.deliveries.owner_id is
  'For a dead letter of a team todo (sink member): the member told; its notify_url is read at delivery, and only while it is still a member. Else null.';
alter table switchboard.deliveries drop constraint deliveries_dead_letter;
alter table switchboard.deliveries drop constraint deliveries_doorbell;
alter table switchboard.deliveries add constraint deliveries_dead_letter check (
  kind <> 'dead_letter' or (todo_id is not null and sink in ('owner', 'instance', 'member') and endpoint_id is null
                            and queue is null and (sink = 'member') = (owner_id is not null)));
alter table switchboard.deliveries add constraint deliveries_doorbell check (
  kind <> 'doorbell' or (endpoint_id is not null and queue is not null and todo_id is null and seq is null
                         and sink is null and owner_id is null));
-- One notice per member per dead letter, however the transition that made it is retried.
create unique index deliveries_member_key on switchboard.deliveries (todo_id, seq, owner_id) where sink = 'member';
-- remove_team_member deletes the removed member's pending notices by owner.
create index deliveries_owner_idx on switchboard.deliveries (owner_id) where owner_id is not null;
