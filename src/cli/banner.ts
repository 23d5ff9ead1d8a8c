// What `switchboard start` prints once it serves: where everything is and what to run next (docs/operators.md shows it).
import { passwordFileOf } from '../embedded.js';

export interface BannerFacts {
  /** The server's base URL, e.g. http://127.0.0.1:7400. */
  serverUrl: string;
  /** The database URL the admin commands use (the embedded superuser's, or DATABASE_URL). */
  databaseUrl: string;
  /** Where that database is: `DATABASE_URL`, or the embedded folder and its password file. */
  where: string;
  /** The embedded superuser's password file: the export line reads the password from it, never prints it. */
  passwordFile?: string;
  /** How to run the CLI from the current folder. */
  self: string;
  /** The Board's origin as browsers reach it (SWITCHBOARD_PUBLIC_URL); unset: serverUrl. */
  publicUrl?: string;
}

/**
 * A database URL, or a libpq key=value string, as it may be shown: its password replaced by ***, since stdout ends up
 * in logs.
 */
export function withoutPassword(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:@/]*:)[^@]*@/i, '$1***@').replace(/([?&]password=)[^&]*/i, '$1***');
  }
  return url.replace(/(\bpassword\s*=\s*)('(?:[^'\\]|\\.)*'|\S+)/i, '$1***');
}

/** A word the shell reads back as s exactly, whatever it holds (a data folder may hold quotes, spaces or `$`). */
export const shellQuoted = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

export function bannerLines(f: BannerFacts): string[] {
  const mcpUrl = `${f.serverUrl}/mcp`;
  // A password is never printed (stdout is kept by service managers): the embedded one is read from its 0600 file by
  // the shell that runs the line; a DATABASE_URL of the operator's own is theirs to set again.
  const exportLine = f.passwordFile
    ? `  export DATABASE_URL="${withoutPassword(f.databaseUrl).replace(':***@', `:$(cat ${shellQuoted(f.passwordFile)})@`)}"`
    : `  export DATABASE_URL=...              # the DATABASE_URL this server was started with`;
  return [
    'Switchboard is running.',
    `  MCP (Streamable HTTP)  ${mcpUrl}`,
    `  health                 ${f.serverUrl}/healthz`,
    `  metrics (Prometheus)   ${f.serverUrl}/metrics`,
    // The sign-in link names the server's real port (--port, or 0 for any free one), which `owner login` run from
    // another terminal cannot know: the command says it.
    `  Board (for owners)     ${f.publicUrl ?? f.serverUrl}/board  (sign in: ${f.self} owner login <handle> --url ${f.publicUrl ?? f.serverUrl})`,
    `  database               ${withoutPassword(f.databaseUrl)}  (${f.where})`,
    '',
    'Connect an agent, from another terminal in this folder:',
    exportLine,
    `  ${f.self} owner add alice`,
    `  ${f.self} endpoint vend --owner alice --agent my-agent --url ${mcpUrl}`,
    "Then put the MCP client config it prints (with the credential) into your agent's MCP settings.",
    '',
    'Stop with Ctrl-C.',
  ];
}

export { passwordFileOf };

/** The `where` of the embedded Postgres. */
export const embeddedWhere = (dataDir: string) => `embedded, data in ${dataDir}; superuser password in ${passwordFileOf(dataDir)}`;
