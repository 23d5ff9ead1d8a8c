-- A title is stored without the characters that change how it reads while staying invisible: a right-to-left
-- override that turns "exe.txt" around, zero-width characters, tag characters spelling hidden ASCII, and controls.
begin;
select plan(3);

select test.endpoint() as ep \gset

select is(switchboard.add_todo(endpoint_id => :'ep', queue => 'q',
                               title => E'invoice\u202Etxt.exe' || U&'\200B\200D\FEFF\2028' || E'\u0007\tdone')->>'title',
          'invoicetxt.exedone', 'bidi override, zero-width, BOM, line separator and controls are gone from the title');
select is(switchboard.add_todo(endpoint_id => :'ep', queue => 'q',
                               title => 'fix' || U&'\+0E0069\+0E0067\+0E006E\+0E006F\+0E0072\+0E0065' || ' build')->>'title',
          'fix build', 'tag characters (invisible ASCII) are gone');
select is(switchboard.add_todo(endpoint_id => :'ep', queue => 'q', title => U&'\05E9\05DC\05D5\05DD d\00E9j\00E0 \65E5\672C 😀')->>'title',
          U&'\05E9\05DC\05D5\05DD d\00E9j\00E0 \65E5\672C 😀', 'visible text of any script is kept as it was');

select * from finish();
rollback;
