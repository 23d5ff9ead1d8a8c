-- check_artifact: refuses an artifact that is not mcp://cairn/<id> or an absolute https URL. At
-- most 512 bytes; the id is 1-64 letters, digits, _ or -; a URL needs a host, and a port it names
-- is 1-65535 (https://x.example:99999/ is no URL a link could follow). It is a string we store,
-- never fetched, but the Board shows it as a link, so nothing may disguise where the link goes: no
-- user info (https://trusted.example@evil.example/) and none of the invisible characters clean_text
-- removes from other text (bidirectional controls, which reorder how the text reads, zero-width and
-- other format characters): here they are refused, since an artifact is checked, not cut. null
-- passes. Errors: invalid.
create or replace function switchboard_internal.check_artifact(artifact text)
returns void
language plpgsql
immutable
as $$
begin
  if artifact is null then
    return;
  end if;
  if octet_length(artifact) > switchboard_internal.limit_of('artifact_bytes')
     or not (artifact ~ '^mcp://cairn/[A-Za-z0-9_-]{1,64}$'
             or artifact ~* '^https://([A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]]*)?$')
     or substring(artifact from '^https://(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):([0-9]{1,5})(?:[/?#]|$)')::integer
          not between 1 and 65535
     or switchboard_internal.clean_text(artifact) <> artifact
  then
    perform switchboard_internal.raise('invalid',
      'artifact must be mcp://cairn/<id> (1-64 letters, digits, _ or -) or an absolute https URL (a port 1-65535) '
      || 'without user info or invisible formatting characters (bidirectional controls, zero-width characters), at most 512 bytes',
      'Send a Cairn handle or an https link, or leave artifact out; the todo is still claimed.');
  end if;
end;
$$;
