--! Previous: sha1:1c62e808420b40cca0812f60c138ffd28926cb78
--! Hash: sha1:389b72439b7533b3dfc7997079440eb41dbfb588
--! Message: A worker that dies leaves its graphile-worker jobs locked for minutes, not four hours: workers say which lockers they run

-- graphile-worker (0.17, open source) leaves a job locked by a worker that died while it ran it (kill -9, an OOM, a
-- lost host) until its lock timeout, four hours: a doorbell or a dead letter's notice waited that long. Each
-- worker process now says which graphile-worker pool and worker ids it runs, at every sweep; a locker not seen for
-- worker_lost_after_seconds is taken as lost by another worker's sweep, which unlocks its jobs with
-- graphile_worker.force_unlock_workers (switchboard.keep_job_lockers).
create table switchboard.job_lockers (
  locker_id text primary key check (length(locker_id) between 1 and 128),
  seen_at timestamptz not null default now()
);
comment on table switchboard.job_lockers is
  'The graphile-worker pool and worker ids (graphile_worker jobs'' locked_by) each running worker process holds, with when its sweep last said so (switchboard.keep_job_lockers). A locker not seen for worker_lost_after_seconds is lost: another worker''s sweep deletes its row and unlocks its jobs.';
grant select on switchboard.job_lockers to switchboard_admin;
