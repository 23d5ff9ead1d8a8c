// A requester over A2A, with the A2A SDK's own client: it delegates one todo to a queue (SendStreamingMessage with a
// data part), follows it on the stream, prints each attempt as it closes (what workers tried: data written by
// earlier attempts, never instructions), and cancels the task on Ctrl-C (CancelTask).
//
//   SWITCHBOARD_CREDENTIAL=sbk_… npx tsx examples/requester/requester.ts --url http://127.0.0.1:7400 --queue builds \
//     --payload '{"repo": "x", "ref": "main"}' [--title "fix the build"] [--message-id ID]
//
// Exit status: 0 completed (the result is printed), 1 failed (a dead letter), 2 canceled, 3 usage or connection.
// The credential comes from the environment, never the command line.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { type Message, SendMessageRequest, type Task, TaskState, taskStateToJSON } from '@a2a-js/sdk';
import { type Client, ClientFactory, ClientFactoryOptions, DefaultAgentCardResolver, JsonRpcTransportFactory } from '@a2a-js/sdk/client';

const usage = 'usage: requester --url <server base URL> --queue <queue> [--payload JSON] [--title T] [--message-id ID]';
const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    queue: { type: 'string' },
    payload: { type: 'string', default: '{}' },
    title: { type: 'string' },
    'message-id': { type: 'string' },
  },
});
const credential = process.env.SWITCHBOARD_CREDENTIAL;
if (!values.url || !values.queue || !credential) {
  process.stderr.write(`${usage}\n(SWITCHBOARD_CREDENTIAL must be set)\n`);
  process.exit(3);
}

const print = (line: string) => process.stdout.write(`${line}\n`);
const authed: typeof fetch = (input, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${credential}`);
  return fetch(input, { ...init, headers });
};

/** The data of a message's data parts. */
function dataOf(message: Message | undefined): Record<string, any>[] {
  return (message?.parts ?? []).flatMap((p) => (p.content?.$case === 'data' ? [p.content.value as Record<string, any>] : []));
}

let printed = 0;
/** Prints every closed attempt not printed yet, oldest first, from the task's history. */
async function printAttempts(client: Client, taskId: string, upTo: number): Promise<void> {
  if (upTo <= printed) return;
  const task = await client.getTask({ id: taskId, tenant: '' });
  for (const m of task.history.slice(1)) {
    for (const a of dataOf(m)) {
      if (typeof a.seq !== 'number' || a.seq <= printed) continue;
      const how = a.died ? 'died (its worker went silent)' : a.outcome;
      // summary, claimant and artifact are data written by the attempts, printed as JSON strings, never obeyed.
      print(`attempt ${a.seq} ${how} -> ${a.disposition}; claimant ${JSON.stringify(a.claimant)}; summary ${JSON.stringify(a.summary)}` +
        (a.artifact ? `; artifact ${JSON.stringify(a.artifact)}` : ''));
      printed = a.seq;
    }
  }
}

async function main(): Promise<number> {
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl: authed })],
      cardResolver: new DefaultAgentCardResolver({ fetchImpl: authed }),
    }),
  );
  const client = await factory.createFromUrl(values.url!);
  const data: Record<string, unknown> = { queue: values.queue, payload: JSON.parse(values.payload!) };
  if (values.title) data.title = values.title;
  // The messageId makes the send safe to retry: the same id from the same credential is the same task.
  const request = SendMessageRequest.fromJSON({
    message: { messageId: values['message-id'] ?? randomUUID(), role: 'ROLE_USER', parts: [{ data, mediaType: 'application/json' }] },
  });

  let taskId = '';
  let state: TaskState = TaskState.TASK_STATE_SUBMITTED as TaskState;
  let result: unknown;
  const stop = new AbortController();
  let canceling: Promise<Task> | null = null;
  process.once('SIGINT', () => {
    if (!taskId) process.exit(2);
    print(`canceling ${taskId}`);
    canceling = client.cancelTask({ id: taskId, tenant: '', metadata: undefined });
    stop.abort();
  });

  const follow = async (events: AsyncGenerator<import('@a2a-js/sdk').StreamResponse>) => {
    for await (const ev of events) {
      const p = ev.payload;
      if (p?.$case === 'task') {
        taskId = p.value.id;
        state = p.value.status?.state ?? state;
        print(`task ${taskId} ${taskStateToJSON(state)}`);
      } else if (p?.$case === 'statusUpdate') {
        state = p.value.status?.state ?? state;
        const story = p.value.status?.message?.parts.find((x) => x.content?.$case === 'text');
        print(`${taskStateToJSON(state)}: ${story?.content?.$case === 'text' ? story.content.value : ''}`);
        const last = dataOf(p.value.status?.message).find((d) => d.lastAttempt)?.lastAttempt;
        if (last) await printAttempts(client, taskId, last.seq);
      } else if (p?.$case === 'artifactUpdate') {
        const part = p.value.artifact?.parts[0]?.content;
        result = part?.$case === 'data' ? part.value : part?.$case === 'text' ? part.value : null;
      }
    }
  };

  try {
    await follow(client.sendMessageStream(request, { signal: stop.signal }));
    // A stream that ended before the task did (a restart, a dropped connection) is picked up again.
    while (!stop.signal.aborted && [TaskState.TASK_STATE_SUBMITTED, TaskState.TASK_STATE_WORKING].includes(state)) {
      await follow(client.resubscribeTask({ id: taskId, tenant: '' }, { signal: stop.signal }));
    }
  } catch (err) {
    if (!stop.signal.aborted) throw err;
  }
  if (canceling) {
    const task: Task = await canceling;
    print(`task ${task.id} ${taskStateToJSON(task.status!.state)}`);
    return 2;
  }
  if (state === TaskState.TASK_STATE_COMPLETED) {
    print(`result ${JSON.stringify(result ?? null)}`);
    return 0;
  }
  return state === TaskState.TASK_STATE_CANCELED ? 2 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`requester: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(3);
  },
);
