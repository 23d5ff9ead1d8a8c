begin;
select plan(2);

select is_empty($$select s.key from switchboard.settings_in_force() s where s.why is distinct from 'unknown key: nothing reads it'
                    and coalesce(s.meaning, '') = ''$$,
                'every setting Switchboard reads says what it means');
insert into switchboard.settings (key, value) values ('no_such_setting', '1');
select is((select s.meaning from switchboard.settings_in_force() s where s.key = 'no_such_setting'), null,
          'a key nothing reads means nothing');

select * from finish();
rollback;
