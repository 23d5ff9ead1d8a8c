// The A2A request handler over our SQL (the SDK's A2ARequestHandler, no task store): each method validates, makes one
// call to its switchboard_agent entry point with the caller's credential, and hands back the task document that call
// returns; streams and blocking sends re-read it the same way when a wake says it may have changed.
import {
  type AgentCard,
  type ListTasksRequest,
  type ListTasksResponse,
  Message,
  type SendMessageRequest,
  type StreamResponse,
  Task,

  taskStateToJSON,
} from '@a2a-js/sdk';
import {
  A2AError,
  ContentTypeNotSupportedError,
  PushNotificationNotSupportedError,
  RequestMalformedError,
  TaskNotCancelableError,
  TaskNotFoundError,
  UnsupportedOperationError,
} from '@a2a-js/sdk/errors';
import type { A2ARequestHandler, ServerCallContext, User } from '@a2a-js/sdk/server';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { toCallerError } from '../errors.js';
import type { Doc } from '../ledger.js';
import { A2UI_EXTENSION, actionOf, withDetail } from './a2ui.js';
import { agentCard } from './card.js';
import type { A2aDoor, Caller } from './door.js';
import type { Followers } from './followers.js';

type Json = Record<string, unknown>;

/** The per-request user the SDK hands every method: the door's caller, the hang-up signal, whether A2UI was asked. */
export class Requester implements User {
  constructor(
    readonly caller: Caller,
    /** Aborted when the response closes (the client went away, or the answer is sent). */
    readonly signal: AbortSignal,
    /** The client declared the A2UI extension in a header. */
    readonly a2uiHeader: boolean,
    /** Called when the database refused the credential itself: the door forgets it and answers this request 401. */
    readonly refused: () => void = () => {},
  ) {}
  get isAuthenticated(): boolean {
    return true;
  }
  get userName(): string {
    return this.caller.endpoint.agent_id;
  }
}

const TERMINAL = new Set(['TASK_STATE_COMPLETED', 'TASK_STATE_FAILED', 'TASK_STATE_CANCELED', 'TASK_STATE_REJECTED']);
const stateOf = (task: Json) => String((task.status as Json | undefined)?.state ?? '');
export const isTerminal = (task: Json) => TERMINAL.has(stateOf(task));

/** The data part a requester files a todo with: add_todo's arguments, as the issue's mapping names them. */
const filing = z.strictObject({
  queue: z.string().optional(),
  payload: z.unknown().optional(),
  title: z.string().optional(),
  priority: z.number().int().optional(),
  run_at: z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'must be an RFC 3339 time').optional(),
  max_attempts: z.number().int().optional(),
  routing: z.unknown().optional(),
});

/** The one answer for a task id that is unknown, another tenant's, or not an id at all: only the echoed id differs. */
export function taskNotFound(id: string): A2AError {
  return new TaskNotFoundError({ message: `task not found: ${JSON.stringify(id.slice(0, 256))}` });
}
/**
 * ListTasks' status filter: unspecified or unrecognized means no filter (the SDK's client, called from plain
 * JavaScript without a status, sends "UNRECOGNIZED"); a known state names its TASK_STATE_* value.
 */
function knownState(status: ListTasksRequest['status'] | undefined): string | undefined {
  if (!status) return undefined;
  const name = taskStateToJSON(status);
  return name === 'UNRECOGNIZED' || name === 'TASK_STATE_UNSPECIFIED' ? undefined : name;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function invalid(message: string): A2AError {
  return new RequestMalformedError({ message: message.startsWith('invalid: ') ? message : `invalid: ${message}` });
}

export class SwitchboardA2a implements A2ARequestHandler {
  constructor(
    private readonly ctx: AppContext,
    private readonly door: A2aDoor,
    private readonly followers: Followers,
  ) {}

  async getAgentCard(): Promise<AgentCard> {
    return agentCard(this.ctx.config.SWITCHBOARD_PUBLIC_URL ?? 'http://localhost');
  }

  async getAuthenticatedExtendedAgentCard(_params: unknown, context: ServerCallContext): Promise<AgentCard> {
    const { caller } = this.requester(context);
    return agentCard(this.ctx.config.SWITCHBOARD_PUBLIC_URL ?? 'http://localhost', caller.endpoint.verbs);
  }

  async sendMessage(params: SendMessageRequest, context: ServerCallContext): Promise<Task> {
    const user = this.requester(context);
    const { doc, a2ui } = await this.send(params, context);
    let task = doc.task as Json;
    const returnImmediately = params.configuration?.returnImmediately ?? false;
    const seconds = this.ctx.config.SWITCHBOARD_A2A_BLOCKING_SECONDS;
    // A blocking send waits on the task's transitions, up to the setting, then answers the task as it stands: work on a
    // queue can take hours. It is a follower like a stream (capped alike); past the cap it answers at once.
    const slot = !returnImmediately && seconds > 0 && !isTerminal(task) ? this.followers.open(user.caller.endpoint.endpoint_id) : null;
    if (slot) {
      try {
        const deadline = Date.now() + seconds * 1000;
        while (!isTerminal(task) && !user.signal.aborted && !this.followers.isClosed && Date.now() < deadline) {
          await this.followers.wait([doc.wake_key as string | null, user.caller.digest], deadline - Date.now(), user.signal);
          if (user.signal.aborted || this.followers.isClosed) break;
          task = (await this.read(user, String(task.id), params.configuration?.historyLength)).task as Json;
        }
      } finally {
        slot();
      }
    }
    return this.toTask(task, a2ui, context);
  }

  async *sendMessageStream(params: SendMessageRequest, context: ServerCallContext): AsyncGenerator<StreamResponse, void, undefined> {
    const { doc, a2ui } = await this.send(params, context);
    yield* this.follow(context, doc.task as Json, doc.wake_key as string | null, a2ui);
  }

  async getTask(params: { id: string; historyLength?: number }, context: ServerCallContext): Promise<Task> {
    const user = this.requester(context);
    const doc = await this.read(user, params.id, params.historyLength);
    return this.toTask(doc.task as Json, user.a2uiHeader, context);
  }

  async listTasks(params: ListTasksRequest, context: ServerCallContext): Promise<ListTasksResponse> {
    const user = this.requester(context);
    const doc = await this.call(user, () =>
      this.ctx.ledger.a2aList({
        credential: user.caller.credential,
        context_id: params.contextId || undefined,
        state: knownState(params.status),
        page_size: params.pageSize,
        page_token: params.pageToken || undefined,
        history_length: params.historyLength,
        status_after: params.statusTimestampAfter || undefined,
        with_artifacts: params.includeArtifacts ?? false,
      }),
    );
    return {
      tasks: (doc.tasks as Json[]).map((t) => Task.fromJSON(t)),
      nextPageToken: String(doc.nextPageToken ?? ''),
      pageSize: Number(doc.pageSize),
      totalSize: Number(doc.totalSize),
    };
  }

  async cancelTask(params: { id: string }, context: ServerCallContext): Promise<Task> {
    const user = this.requester(context);
    const doc = await this.cancel(user, params.id);
    return this.toTask(doc.task as Json, user.a2uiHeader, context);
  }

  async *resubscribe(params: { id: string }, context: ServerCallContext): AsyncGenerator<StreamResponse, void, undefined> {
    const user = this.requester(context);
    // The wake key first, then the read: a transition between the two is then either in the read or wakes the stream.
    // A todo filed over MCP or the Board has no key until its first follower gives it one.
    const { wake_key: wakeKey } = await this.followKey(user, params.id);
    const doc = await this.read(user, params.id, undefined);
    const task = doc.task as Json;
    if (isTerminal(task)) {
      throw new UnsupportedOperationError({
        message: `task ${String(task.id)} is ${stateOf(task)}, a final state: nothing more will happen to it; GetTask reads it`,
      });
    }
    yield* this.follow(context, task, wakeKey as string | null, user.a2uiHeader);
  }

  async createTaskPushNotificationConfig(): Promise<never> {
    throw new PushNotificationNotSupportedError({ message: 'push notifications are not offered: follow a task with SubscribeToTask' });
  }
  async getTaskPushNotificationConfig(): Promise<never> {
    return this.createTaskPushNotificationConfig();
  }
  async listTaskPushNotificationConfigs(): Promise<never> {
    return this.createTaskPushNotificationConfig();
  }
  async deleteTaskPushNotificationConfig(): Promise<never> {
    return this.createTaskPushNotificationConfig();
  }

  // ---- the ledger calls -------------------------------------------------------------------------------------------

  private requester(context: ServerCallContext): Requester {
    const user = context.user;
    if (!(user instanceof Requester)) throw new A2AError({ message: 'internal error' });
    return user;
  }

  /** One database call in the caller's share of the pool, its errors mapped to A2A's (detail only in the log). */
  private async call(user: Requester, work: () => Promise<Doc>, taskId?: string, sending = false): Promise<Doc> {
    try {
      return await this.door.run(user.caller, work, user.signal);
    } catch (err) {
      // A reused messageId with another message (conflict) is the request's fault: invalid params, not a task state.
      const e = toCallerError(err);
      if (sending && e.kind === 'conflict' && !e.credentialRefused) throw new RequestMalformedError({ message: e.message });
      throw this.mapError(err, user, taskId);
    }
  }

  private mapError(err: unknown, user: Requester, taskId?: string): A2AError {
    const e = toCallerError(err);
    if (e.credentialRefused) user.refused();
    switch (e.kind) {
      case 'not_found':
        return taskNotFound(taskId ?? '');
      case 'invalid':
        return invalid(e.message);
      case 'conflict':
        return new TaskNotCancelableError({ message: e.message });
      case 'forbidden':
        return new UnsupportedOperationError({ message: e.message });
      default:
        if (e.kind === 'internal' && e.message === 'internal error') this.ctx.log.error({ err }, 'a2a call failed');
        else this.ctx.log.warn({ err: e.message }, 'a2a call failed');
        // A throttled call keeps the database's words: they name the limit (a scope's quota frees only when retention
        // deletes, so "retry shortly" would mislead).
        return new A2AError({ message: e.kind === 'unavailable' ? `${e.kind}: retry shortly` : e.message });
    }
  }

  private read(user: Requester, id: string, historyLength: number | undefined): Promise<Doc> {
    if (!UUID.test(id)) return Promise.reject(taskNotFound(id));
    return this.call(user, () => this.ctx.ledger.a2aGet({ credential: user.caller.credential, task_id: id, history_length: historyLength }), id);
  }

  private followKey(user: Requester, id: string): Promise<Doc> {
    if (!UUID.test(id)) return Promise.reject(taskNotFound(id));
    return this.call(user, () => this.ctx.ledger.a2aFollow({ credential: user.caller.credential, task_id: id }), id);
  }

  private cancel(user: Requester, id: string): Promise<Doc> {
    if (!UUID.test(id)) return Promise.reject(taskNotFound(id));
    return this.call(user, () => this.ctx.ledger.a2aCancel({ credential: user.caller.credential, task_id: id }), id);
  }

  /**
   * SendMessage's one ledger call: an A2UI cancel action is the verb cancel on its task; any other message files a
   * todo (a data part {queue, payload, title?, priority?, run_at?, max_attempts?, routing?}, or text parts: payload
   * {"text": ...} to the queue in the message's metadata, else the endpoint's default queue).
   */
  private async send(params: SendMessageRequest, context: ServerCallContext): Promise<{ doc: Doc; a2ui: boolean }> {
    const user = this.requester(context);
    if (!params.message) throw invalid('message is required');
    const message = Message.toJSON(params.message) as Json;
    const parts = (Array.isArray(message.parts) ? message.parts : []) as Json[];
    const metadata = (message.metadata ?? {}) as Json;
    const a2ui = user.a2uiHeader || (typeof metadata === 'object' && metadata !== null && 'a2uiClientCapabilities' in metadata);
    if (a2ui) context.addActivatedExtension(A2UI_EXTENSION);

    const action = actionOf(parts);
    if (action) {
      if (action.name !== 'cancel') throw invalid(`action.name ${JSON.stringify(action.name.slice(0, 64))} is not one this agent offers (cancel)`);
      const id = String(message.taskId || action.context.taskId || '');
      return { doc: await this.cancel(user, id), a2ui };
    }
    if (message.taskId) {
      // A taskId that names no task of the caller's is TaskNotFound (the spec's MUST); one of its tasks takes no
      // further messages.
      await this.read(user, String(message.taskId), 0);
      throw invalid('taskId: a task takes no further messages; send a new message (without taskId) to file another todo');
    }
    if (!params.message.messageId) throw invalid('messageId is required');
    for (const p of parts) {
      if (!('text' in p) && !('data' in p)) {
        throw new ContentTypeNotSupportedError({ message: 'only text and data parts are accepted (no files): send a data part {queue, payload}' });
      }
    }
    const data = parts.filter((p) => 'data' in p);
    if (data.length > 1) throw invalid('parts: at most one data part, {queue, payload, title?, priority?, run_at?, max_attempts?, routing?}');
    let args: z.infer<typeof filing>;
    if (data.length === 1) {
      const parsed = filing.safeParse(data[0].data);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const name = issue.path.length ? issue.path.join('.') : 'data';
        throw invalid(issue.code === 'unrecognized_keys' ? `data: unknown field ${issue.keys.join(', ')}` : `${name}: ${issue.message}`);
      }
      args = parsed.data;
    } else {
      const texts = parts.filter((p) => typeof p.text === 'string').map((p) => String(p.text));
      if (texts.length === 0) throw invalid('parts: send a data part {queue, payload} or a text part');
      const queue = metadata.queue ?? (params.metadata as Json | undefined)?.queue;
      if (queue !== undefined && typeof queue !== 'string') throw invalid('queue (in metadata) must be a string');
      args = { queue: queue as string | undefined, payload: { text: texts.join('\n') } };
    }
    const doc = await this.call(user, () =>
      this.ctx.ledger.a2aSend({
        credential: user.caller.credential,
        message_id: params.message!.messageId,
        context_id: params.message!.contextId || undefined,
        message,
        ...args,
        history_length: params.configuration?.historyLength,
      }),
      undefined,
      true,
    );
    return { doc, a2ui };
  }

  /** The SDK's Task from our document, with the A2UI detail in its status message when the client asked for it. */
  private toTask(task: Json, a2ui: boolean, context: ServerCallContext): Task {
    if (a2ui) context.addActivatedExtension(A2UI_EXTENSION);
    return Task.fromJSON(a2ui ? withDetail(task) : task);
  }

  /**
   * A stream: the task as it stands, then a status update each time what a requester sees changes (and the result
   * artifact before the final status), until the task ends, the client goes away, or its credential stops working.
   * Between reads it waits for a wake of the task's key (or the credential's refusal), at most the keep-alive period.
   */
  private async *follow(context: ServerCallContext, first: Json, wakeKey: string | null, a2ui: boolean): AsyncGenerator<StreamResponse> {
    const user = this.requester(context);
    const keepAliveMs = this.ctx.config.SWITCHBOARD_A2A_KEEPALIVE_SECONDS * 1000;
    yield { payload: { $case: 'task', value: this.toTask(first, a2ui, context) } };
    let last = first;
    while (!isTerminal(last) && !user.signal.aborted && !this.followers.isClosed) {
      await this.followers.wait([wakeKey, user.caller.digest], keepAliveMs, user.signal);
      if (user.signal.aborted || this.followers.isClosed) return;
      const task = (await this.read(user, String(first.id), undefined)).task as Json;
      const status = (task.status ?? {}) as Json;
      const before = (last.status ?? {}) as Json;
      const changed =
        status.state !== before.state ||
        status.timestamp !== before.timestamp ||
        (status.message as Json | undefined)?.messageId !== (before.message as Json | undefined)?.messageId;
      last = task;
      if (!changed) continue;
      const ids = { taskId: String(task.id), contextId: String(task.contextId) };
      if (stateOf(task) === 'TASK_STATE_COMPLETED' && Array.isArray(task.artifacts) && task.artifacts.length > 0) {
        const artifact = Task.fromJSON({ id: ids.taskId, artifacts: task.artifacts }).artifacts[0];
        yield { payload: { $case: 'artifactUpdate', value: { ...ids, artifact, append: false, lastChunk: true, metadata: undefined } } };
      }
      const shown = this.toTask(task, a2ui, context);
      yield { payload: { $case: 'statusUpdate', value: { ...ids, status: shown.status, metadata: shown.metadata } } };
    }
  }
}
