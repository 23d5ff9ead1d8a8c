-- clean_text: untrusted text as it is stored (title, claimant, summary). Without the characters
-- that change how text reads while staying invisible, which a reader (a human on the Board, a model
-- reading prior attempts) cannot see and a writer could use to disguise what it wrote. Removed: *
-- control characters: C0 (U+0001-U+001F), DEL and C1 (U+007F-U+009F); with multiline, TAB, LF and
-- CR stay; * bidirectional controls: the embeddings and overrides U+202A-U+202E, the isolates
-- U+2066-U+2069, and the marks U+200E, U+200F and U+061C (ALM); * every other
-- Default_Ignorable_Code_Point of Unicode (zero-width space and joiners U+200B-U+200D, word joiner
-- and invisible operators U+2060-U+206F, soft hyphen, BOM U+FEFF, variation selectors U+FE00-U+FE0F
-- and U+E0100-U+E01EF, Hangul fillers, the tag characters U+E0000-U+E007F that can spell hidden
-- ASCII, ...); * the remaining format characters (category Cf: U+0600-U+0605, U+06DD, U+070F,
-- U+0890-U+0891, U+08E2, U+110BD, U+110CD, U+13430-U+1343F, U+FFF9-U+FFFB); * the line and
-- paragraph separators U+2028 and U+2029. Immutable; null stays null. Never raises: this text is
-- cut, never refused.
create or replace function switchboard_internal.clean_text(input text, multiline boolean default false)
returns text
language sql
immutable
parallel safe
as $$
  select regexp_replace(input,
           case when multiline then '[\u0001-\u0008\u000B\u000C\u000E-\u001F' else '[\u0001-\u001F' end
           || '\u007F-\u009F\u00AD\u034F\u061C\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2\u115F\u1160\u17B4\u17B5'
           || '\u180B-\u180F\u200B-\u200F\u2028-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB'
           || '\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]',
           '', 'g');
$$;
