// Webhook delivery: one bounded JSON POST. Non-2xx, a reply over the size bound, no complete answer within the
// deadline, a refused target or a network error throws, so graphile-worker retries the job with backoff. The URL
// is never logged or put in an error (it may carry a secret).
import { lookup } from 'node:dns/promises';
import { type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

export interface PostOptions {
  /** The whole delivery (DNS, connect, request, reply to its last byte) must be done within this; else it fails. */
  timeoutMs: number;
  /** Names the event (x-switchboard-event) and the delivery (x-switchboard-delivery, the same on every retry). */
  event: string;
  deliveryId: string;
  /** SWITCHBOARD_WEBHOOK_ALLOW_PRIVATE: deliver to loopback and private addresses too (tests, single-host setups). */
  allowPrivate?: boolean;
  /** SWITCHBOARD_WEBHOOK_MAX_REPLY_BYTES: the reply is discarded, and one longer than this fails the delivery. */
  maxReplyBytes?: number;
}

export class WebhookError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export const DEFAULT_MAX_REPLY_BYTES = 65536;

// Addresses a webhook may not reach unless the operator allows it: a sink there would let whoever sets a URL make
// the server talk to itself or its private network (blind SSRF). BlockList matches IPv4-mapped IPv6 addresses
// (::ffff:10.0.0.1) against the IPv4 rules.
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // unspecified, "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (and cloud metadata services)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 3], // multicast, reserved, broadcast
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  // IPv6 transition ranges: each carries, or is relayed to, an IPv4 address (a private one included) that the IPv4
  // rules above never see.
  ['64:ff9b::', 96], // NAT64, well-known prefix (RFC 6052)
  ['64:ff9b:1::', 48], // NAT64, local-use prefix (RFC 8215)
  ['2002::', 16], // 6to4 (RFC 3056)
  ['2001::', 32], // Teredo (RFC 4380)
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

/** True for an address a webhook may not reach without SWITCHBOARD_WEBHOOK_ALLOW_PRIVATE (see NOT_PUBLIC). */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const REFUSED =
  "refused: the sink's host is, or resolves to, a loopback, private, link-local or otherwise non-public address " +
  '(set SWITCHBOARD_WEBHOOK_ALLOW_PRIVATE=true to allow it)';

/**
 * The address to connect to: resolved once, every address checked, and the first one used for the connection
 * itself, so a DNS answer that changes between the check and the connect (rebinding) cannot swap it.
 */
async function resolveTarget(hostname: string, allowPrivate: boolean): Promise<string> {
  const literal = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  const addresses = isIP(literal) ? [literal] : (await lookup(literal, { all: true, verbatim: true })).map((a) => a.address);
  if (addresses.length === 0) throw new WebhookError('request failed (the host has no address)');
  if (!allowPrivate && addresses.some(isNonPublicAddress)) throw new WebhookError(REFUSED);
  return addresses[0];
}

export async function postJson(url: string, body: unknown, opts: PostOptions): Promise<number> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new WebhookError('request failed (the URL does not parse)');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new WebhookError('request failed (not an http or https URL)');
  const maxReply = opts.maxReplyBytes ?? DEFAULT_MAX_REPLY_BYTES;
  const payload = Buffer.from(JSON.stringify(body));

  let req: ClientRequest | null = null;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      req?.destroy();
      reject(new WebhookError(`no complete answer within ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);
  });
  const deliver = async (): Promise<number> => {
    let address: string;
    try {
      address = await resolveTarget(target.hostname, opts.allowPrivate === true);
    } catch (e) {
      if (e instanceof WebhookError) throw e;
      throw new WebhookError(`request failed (${(e as { code?: string }).code ?? 'DNS lookup failed'})`);
    }
    const https = target.protocol === 'https:';
    const hostname = target.hostname.startsWith('[') ? target.hostname.slice(1, -1) : target.hostname;
    return new Promise<number>((resolve, reject) => {
      const fail = (message: string, status?: number) => {
        req?.destroy();
        reject(new WebhookError(message, status));
      };
      const onResponse = (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        let bytes = 0;
        // The reply is counted and discarded: nothing in it is read for meaning, and nothing of it is kept.
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > maxReply) fail(`the sink's reply is longer than ${maxReply} bytes`, status);
        });
        res.on('end', () => {
          if (status < 200 || status > 299) fail(`sink answered HTTP ${status}`, status);
          else resolve(status);
        });
        res.on('aborted', () => fail('request failed (the sink closed the connection mid-reply)', status));
        res.on('error', () => fail('request failed (the reply broke off)', status));
      };
      const options = {
        method: 'POST',
        // Connect to the checked address; the Host header and TLS (SNI and certificate) still name the host.
        host: address,
        port: target.port || (https ? 443 : 80),
        path: `${target.pathname}${target.search}`,
        headers: {
          host: target.host,
          'content-type': 'application/json',
          'content-length': String(payload.length),
          'user-agent': 'switchboard-webhook',
          'x-switchboard-event': opts.event,
          'x-switchboard-delivery': opts.deliveryId,
        },
        // A fresh connection per delivery: a pooled one could have been opened to an address checked for another URL.
        agent: false as const,
        ...(https && isIP(hostname) === 0 ? { servername: hostname } : {}),
      };
      // A redirect is not followed (http.request never does): the sink is the URL its owner set.
      req = https ? httpsRequest(options, onResponse) : httpRequest(options, onResponse);
      req.on('error', (e: NodeJS.ErrnoException) => fail(`request failed (${e.code ?? e.name})`));
      req.end(payload);
    });
  };
  try {
    return await Promise.race([deliver(), deadline]);
  } finally {
    clearTimeout(timer);
    req = null;
  }
}
