// What `switchboard start` prints once it serves: where everything is and what to run next (docs/operators.md shows it).

export interface BannerFacts {
  /** The server's base URL, e.g. http://127.0.0.1:7400. */
  serverUrl: string;
  /** The database URL the admin commands use (the embedded superuser's, or DATABASE_URL). */
  databaseUrl: string;
  /** Where that database is: `DATABASE_URL`, or the embedded folder and its password file. */
  where: string;
  /** How to run the CLI from the current folder. */
  self: string;
  /** The Board's origin as browsers reach it (SWITCHBOARD_PUBLIC_URL); unset: serverUrl. */
  publicUrl?: string;
}

export function bannerLines(f: BannerFacts): string[] {
  const mcpUrl = `${f.serverUrl}/mcp`;
  return [
    'Switchboard is running.',
    `  MCP (Streamable HTTP)  ${mcpUrl}`,
    `  health                 ${f.serverUrl}/healthz`,
    `  metrics (Prometheus)   ${f.serverUrl}/metrics`,
    // The sign-in link names the server's real port (--port, or 0 for any free one), which `owner login` run from
    // another terminal cannot know: the command says it.
    `  Board (for owners)     ${f.publicUrl ?? f.serverUrl}/board  (sign in: ${f.self} owner login <handle> --url ${f.publicUrl ?? f.serverUrl})`,
    `  database               ${f.databaseUrl}  (${f.where})`,
    '',
    'Connect an agent, from another terminal in this folder:',
    `  export DATABASE_URL=${f.databaseUrl}`,
    `  ${f.self} owner add alice`,
    `  ${f.self} endpoint vend --owner alice --agent my-agent --url ${mcpUrl}`,
    "Then put the MCP client config it prints (with the credential) into your agent's MCP settings.",
    '',
    'Stop with Ctrl-C.',
  ];
}

/** The `where` of the embedded Postgres. */
export const embeddedWhere = (dataDir: string) =>
  `embedded, data in ${dataDir}; superuser password in ${dataDir}/switchboard-superuser.password`;
