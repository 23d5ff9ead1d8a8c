--! Previous: sha1:c8b7681e93689b3e5a97f51cd2d8ede322e4abdb
--! Hash: sha1:60cdec690c0ceb2797228d144f2daaed77d36c42
--! Message: endpoint caps: a counter of vends refused at the cap of live endpoints per owner or per team

-- vends_refused_at_cap: vends refused as throttled because the owner or the team already had its cap of live
-- endpoints (settings endpoints_max_per_owner, endpoints_max_per_team), for
-- switchboard_vends_refused_at_cap_total. A sequence, as claims_throttled: the refusal rolls its transaction back
-- and nextval does not.
create sequence if not exists switchboard.vends_refused_at_cap as bigint minvalue 0 start with 1;
comment on sequence switchboard.vends_refused_at_cap is
  'Counter of vend_endpoint calls refused as throttled (SB429) at an endpoint cap; read with last_value/is_called by metrics().';
revoke all on switchboard.vends_refused_at_cap from public;
grant select on switchboard.vends_refused_at_cap to switchboard_admin;
