// A request's bearer credential, checked by the statement that runs its verb rather than by a query of its own.

/** Thrown where a tool call meets a credential that does not authenticate it; the HTTP layer answers 401 or 404. */
export class CredentialRefused extends Error {
  constructor(readonly check: CredentialCheck) {
    super('the bearer credential does not authenticate this call');
  }
}

/**
 * The credential of one HTTP request on a session, checked once, by the first of: the statement of the verb
 * (switchboard.credential_endpoint beside the verb's call, src/ledger.ts), or, for a call that never reached the
 * database (an invalid argument, an unknown tool), a lookup of its own before anything is logged or answered.
 * Until it is `ok`, nothing the request asked for is done or answered.
 */
export class CredentialCheck {
  /** unchecked; ok (it names the session's endpoint); refused (unknown, expired, revoked); foreign (another endpoint's). */
  state: 'unchecked' | 'ok' | 'refused' | 'foreign' = 'unchecked';

  constructor(
    readonly credential: string,
    /** The endpoint of the session the request came on. */
    readonly endpointId: string,
    /** switchboard.credential_endpoint on its own: the endpoint the credential names, or null. */
    private readonly lookup: (credential: string) => Promise<string | null>,
  ) {}

  /** Records the endpoint the credential named (null: none); true when that is the session's. */
  record(named: string | null): boolean {
    this.state = named === null ? 'refused' : named === this.endpointId ? 'ok' : 'foreign';
    return this.state === 'ok';
  }

  /** Looks the credential up on its own unless a statement already did; true when it names the session's endpoint. */
  async verify(): Promise<boolean> {
    if (this.state === 'unchecked') this.record(await this.lookup(this.credential));
    return this.state === 'ok';
  }
}
