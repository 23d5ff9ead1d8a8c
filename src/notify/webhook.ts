// Webhook delivery: one bounded JSON POST. Non-2xx, a timeout or a network error throws, so graphile-worker
// retries the job with backoff. The URL is never logged or put in an error (it may carry a secret).
export interface PostOptions {
  timeoutMs: number;
  /** Names the event (x-switchboard-event) and the delivery (x-switchboard-delivery, the same on every retry). */
  event: string;
  deliveryId: string;
}

export class WebhookError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export async function postJson(url: string, body: unknown, opts: PostOptions): Promise<number> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'switchboard-webhook',
        'x-switchboard-event': opts.event,
        'x-switchboard-delivery': opts.deliveryId,
      },
      body: JSON.stringify(body),
      // A redirect is not followed: the sink is the URL its owner set, not wherever it points us next.
      redirect: 'manual',
      signal: AbortSignal.timeout(opts.timeoutMs),
    });
  } catch (e) {
    const name = (e as Error).name;
    throw new WebhookError(name === 'TimeoutError' ? `no answer within ${opts.timeoutMs} ms` : `request failed (${name})`);
  }
  // Drain the body so the connection is released; its content is never read for meaning.
  await res.arrayBuffer().catch(() => undefined);
  if (res.status < 200 || res.status > 299) throw new WebhookError(`sink answered HTTP ${res.status}`, res.status);
  return res.status;
}
