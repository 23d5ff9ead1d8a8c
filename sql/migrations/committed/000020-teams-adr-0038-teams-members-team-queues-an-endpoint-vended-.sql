--! Previous: sha1:f8c523ae9a6d0a6c318eabcba4ad75dad9f99e69
--! Hash: sha1:60686db3fb8246c872953a7653d786c16f47412a
--! Message: teams (ADR-0038): teams, members, team queues; an endpoint vended in at most one team; todos scoped by scope_id = coalesce(team_id, endpoint_id), the picking and listing indexes by scope

-- Teams (ADR-0038): an owner scope a whole team shares. A team has members (owners), each a member or an admin; a
-- team admin makes a queue name a team queue and vends endpoints in the team (at most one team per endpoint, fixed at
-- vend). A todo an endpoint of the team adds to a team queue belongs to the team's scope; the adding endpoint stays
-- on the row as provenance (todos.endpoint_id), never as authority.
--
-- Every read and every transition scopes a todo by todos.scope_id: the team when the todo is the team's, else the
-- endpoint that added it, as before. It is a stored generated column, coalesce(team_id, endpoint_id), so a personal
-- todo's scope is its endpoint by construction and no writer can set the two apart. An endpoint reaches the scopes
-- {itself, its team}; an owner reaches {the endpoints it vended, the teams it is a member of}. Attempts carry no scope
-- of their own: they follow their todo. The indexes that picked and listed by endpoint_id now do so by scope_id,
-- with the same shape, so a personal queue costs what it did.
create table switchboard.teams (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  created_at timestamptz not null default now(),
  constraint teams_name_format check (name ~ '^[A-Za-z0-9][A-Za-z0-9 _.:/@-]{0,127}$')
);
comment on table switchboard.teams is
  'Teams (ADR-0038): an owner scope shared by its members. Names are labels, not keys: two teams may share one.';

create table switchboard.team_members (
  team_id uuid not null references switchboard.teams (id),
  owner_id uuid not null references switchboard.owners (id),
  role text not null default 'member',
  added_at timestamptz not null default now(),
  primary key (team_id, owner_id),
  constraint team_members_role check (role in ('member', 'admin'))
);
create index team_members_owner_idx on switchboard.team_members (owner_id, team_id);
comment on table switchboard.team_members is
  'Who is in a team and as what: a member reads and acts on the team''s todos; an admin also manages members, team queues and team endpoints. Deleting the row ends access at once.';

create table switchboard.team_queues (
  team_id uuid not null references switchboard.teams (id),
  queue text not null,
  created_at timestamptz not null default now(),
  primary key (team_id, queue),
  constraint team_queues_queue_format check (queue ~ '^[A-Za-z0-9][A-Za-z0-9_.:/-]{0,127}$')
);
comment on table switchboard.team_queues is
  'Queue names a team shares: a todo an endpoint of the team adds to one of them is the team''s (todos.team_id).';

alter table switchboard.endpoints add column team_id uuid references switchboard.teams (id);
comment on column switchboard.endpoints.team_id is
  'The team the endpoint was vended in (null: a personal endpoint). Fixed at vend, like its verb set.';
-- Within a team an agent id names one live endpoint, so a lease held as agent:<agent_id> on a team todo names its
-- holder as surely as on a personal todo (where only the one endpoint reaches the todo at all).
create unique index endpoints_team_agent_idx on switchboard.endpoints (team_id, agent_id)
  where team_id is not null and revoked_at is null;
create index endpoints_team_idx on switchboard.endpoints (team_id) where team_id is not null;

alter table switchboard.todos add column team_id uuid references switchboard.teams (id);
alter table switchboard.todos add column scope_id uuid generated always as (coalesce(team_id, endpoint_id)) stored;
comment on column switchboard.todos.team_id is 'The team whose scope the todo is in (a team queue), or null: the adding endpoint''s.';
comment on column switchboard.todos.scope_id is
  'The scope every read and transition checks: the team (team_id) or else the adding endpoint. Generated, never written.';

-- The picking and listing indexes, by scope instead of by endpoint, in the same shape.
drop index switchboard.todos_endpoint_created_idx;
drop index switchboard.todos_leased_idx;
drop index switchboard.todos_ready_idx;
drop index switchboard.todos_ready_queue_idx;
create index todos_scope_created_idx on switchboard.todos (scope_id, created_at desc, id desc);
create index todos_leased_idx on switchboard.todos (scope_id, queue, lease_expires_at) where state = 'claimed';
create index todos_ready_idx on switchboard.todos (scope_id, priority desc, ready_at) where ready_at is not null;
create index todos_ready_queue_idx on switchboard.todos (scope_id, queue, priority desc, ready_at) where ready_at is not null;

grant select on switchboard.teams, switchboard.team_members, switchboard.team_queues to switchboard_admin;
