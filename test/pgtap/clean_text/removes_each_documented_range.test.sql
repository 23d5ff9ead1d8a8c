-- clean_text removes every range its header documents, at both ends of each, and nothing visible: the set is the
-- one docs/security.md lists.
begin;
select plan(3);

select is(switchboard_internal.clean_text(string_agg(chr(c), '' order by c)), '', 'every documented code point goes')
  from unnest(array[1, 9, 10, 13, 31, 127, 159, 173, 847, 1564, 1536, 1541, 1757, 1807, 2192, 2193, 2274, 4447, 4448,
                    6068, 6069, 6155, 6159, 8203, 8207, 8232, 8238, 8288, 8303, 12644, 65024, 65039, 65279, 65440, 65520,
                    65531, 69821, 69837, 78896, 78911, 113824, 113827, 119155, 119162, 917504, 917631, 917760, 921599]) c;
select is(switchboard_internal.clean_text(E'a\tb\nc\rd', true), E'a\tb\nc\rd', 'multiline keeps TAB, LF and CR');
select is(switchboard_internal.clean_text(v), v,
          'the neighbours of the ranges stay (space, tilde, NBSP, hyphen, narrow NBSP, medium math space, U+FFFD, ...)')
  from (select string_agg(chr(c), '' order by c) as v
          from unnest(array[32, 126, 160, 1488, 8208, 8231, 8239, 8287, 8304, 65040, 65533, 917503, 921600]) c) x;

select * from finish();
rollback;
