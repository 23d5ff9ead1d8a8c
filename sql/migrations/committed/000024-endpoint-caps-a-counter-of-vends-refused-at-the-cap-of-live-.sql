--! Previous: sha1:049ff62c16819ca7b1aaf8781ef2bb24003b8c1a
--! Hash: sha1:c38db9096da80f44885bb55a7d5291e6e18240de
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
