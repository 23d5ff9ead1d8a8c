begin;
select plan(2);

insert into switchboard.settings (key, value) values ('shard_partitions', '2'), ('shard_partition', '1');
select h as handle from (select 'stray' || g as h from generate_series(1, 50) g) x
 where hashtext(lower(h)) & 1 = 0 limit 1 \gset

select throws_ok(format('select switchboard.add_owner(%L)', :'handle'), 'SB409', null,
                 'a handle of partition 0 is refused on partition 1: owners are added through the proxy');
select is((select count(*) from switchboard.owners where handle = :'handle'), 0::bigint, 'and no owner is added');

select * from finish();
rollback;
