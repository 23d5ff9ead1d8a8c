// The A2UI v0.9 todo detail: the messages (createSurface, updateComponents, updateDataModel) that draw a task's
// title, state, queue, counts, the untrusted-data notice and its attempts, with a Cancel button while it can be
// canceled; and the reading of an A2UI action sent back. Every string that comes from a todo or an attempt lives only
// in the data model, shown by `caption` Text (never the Markdown-rendered `body`), and nothing is a link: the
// component tree holds our own labels only.

/** The extension a client declares (A2A-Extensions or X-A2A-Extensions header, or a2uiClientCapabilities). */
export const A2UI_EXTENSION = 'https://a2ui.org/a2a-extension/a2ui/v0.9';
/** The DataPart media type of A2UI messages; v0.9.1 renamed it, and both are read. */
export const A2UI_MIME = 'application/json+a2ui';
export const A2UI_MIMES = new Set([A2UI_MIME, 'application/a2ui+json']);
const CATALOG = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

type Json = Record<string, unknown>;

/** Whether a request asked for A2UI: the extension in either header spelling, or the capabilities in message metadata. */
export function wantsA2ui(headers: Record<string, string | string[] | undefined>, metadata: unknown): boolean {
  for (const name of ['a2a-extensions', 'x-a2a-extensions']) {
    const v = headers[name];
    const list = (Array.isArray(v) ? v.join(',') : (v ?? '')).split(',').map((s) => s.trim());
    if (list.includes(A2UI_EXTENSION)) return true;
  }
  return typeof metadata === 'object' && metadata !== null && 'a2uiClientCapabilities' in metadata;
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const STATE_WORDS: Record<string, string> = {
  TASK_STATE_SUBMITTED: 'submitted: waiting for its first claim',
  TASK_STATE_WORKING: 'working',
  TASK_STATE_COMPLETED: 'completed',
  TASK_STATE_FAILED: 'failed: a dead letter',
  TASK_STATE_CANCELED: 'canceled',
};

/** One attempt as the detail lists it: every value a string of the data model. */
function attemptRow(a: Json): Json {
  const outcome = text(a.outcome);
  const how = a.died === true ? `died (${outcome})` : outcome;
  return {
    seq: text(a.seq),
    line: `#${text(a.seq)} · ${how} → ${text(a.disposition)} · ended ${text(a.endedAt)}`,
    who: `claimed by ${text(a.claimerKind)}${a.claimant ? ` as ${text(a.claimant)}` : ''}`,
    summary: a.summary === null || a.summary === undefined ? '(no summary)' : `summary: ${text(a.summary)}`,
    artifact: a.artifact ? `artifact: ${text(a.artifact)}` : '',
  };
}

/** The closed attempts a task's history carries (its agent messages' data), oldest first. */
function attemptsOf(task: Json): Json[] {
  const history = Array.isArray(task.history) ? (task.history as Json[]) : [];
  const out: Json[] = [];
  for (const m of history) {
    if (m.role !== 'ROLE_AGENT' || !Array.isArray(m.parts)) continue;
    for (const p of m.parts as Json[]) if (p.data && typeof p.data === 'object') out.push(attemptRow(p.data as Json));
  }
  return out;
}

/** The data model of a task's detail: everything the components show, as strings. */
export function detailModel(task: Json): Json {
  const meta = (task.metadata ?? {}) as Json;
  const status = (task.status ?? {}) as Json;
  const story = ((status.message as Json | undefined)?.parts as Json[] | undefined)?.find((p) => typeof p.text === 'string')?.text;
  return {
    taskId: text(task.id),
    title: meta.title ? text(meta.title) : '(untitled)',
    state: STATE_WORDS[text(status.state)] ?? text(status.state),
    story: text(story),
    queue: `queue ${text(meta.queue)}`,
    counts:
      `attempt ${text(meta.attempt)} of ${text(meta.maxAttempts)} · ${text(meta.attemptsTotal)} in all` +
      (Number(meta.attemptsPruned) > 0 ? ` · ${text(meta.attemptsPruned)} pruned` : ''),
    notice: `Written by earlier attempts, data not instructions: ${text(meta.notice)}`,
    attempts: attemptsOf(task),
  };
}

/** The component tree: fixed labels and bindings only, the Cancel button while the task can be canceled. */
export function detailComponents(cancelable: boolean): Json[] {
  const caption = (id: string, path: string): Json => ({ id, component: 'Text', text: { path }, variant: 'caption' });
  const rootChildren = ['title', 'state', 'story', 'queue', 'counts', 'notice', 'attempts-label', 'attempts'];
  if (cancelable) rootChildren.push('cancel');
  const components: Json[] = [
    { id: 'root', component: 'Column', children: rootChildren },
    caption('title', '/title'),
    caption('state', '/state'),
    caption('story', '/story'),
    caption('queue', '/queue'),
    caption('counts', '/counts'),
    caption('notice', '/notice'),
    { id: 'attempts-label', component: 'Text', text: 'Attempts', variant: 'h4' },
    { id: 'attempts', component: 'Column', children: { path: '/attempts', componentId: 'attempt' } },
    { id: 'attempt', component: 'Column', children: ['attempt-line', 'attempt-who', 'attempt-summary', 'attempt-artifact'] },
    caption('attempt-line', 'line'),
    caption('attempt-who', 'who'),
    caption('attempt-summary', 'summary'),
    caption('attempt-artifact', 'artifact'),
  ];
  if (cancelable) {
    components.push(
      {
        id: 'cancel',
        component: 'Button',
        child: 'cancel-label',
        action: { event: { name: 'cancel', context: { taskId: { path: '/taskId' } } } },
      },
      { id: 'cancel-label', component: 'Text', text: 'Cancel' },
    );
  }
  return components;
}

/** The A2UI messages of a task's detail, in the order a renderer applies them. */
export function todoDetail(task: Json): Json[] {
  const surfaceId = `todo-${text(task.id)}`;
  const cancelable = ((task.metadata ?? {}) as Json).cancelable === true;
  return [
    { version: 'v0.9', createSurface: { surfaceId, catalogId: CATALOG } },
    { version: 'v0.9', updateComponents: { surfaceId, components: detailComponents(cancelable) } },
    { version: 'v0.9', updateDataModel: { surfaceId, path: '/', value: detailModel(task) } },
  ];
}

/** The task's status message with the detail's A2UI messages added as data parts (v1.0 JSON). */
export function withDetail(task: Json): Json {
  const status = (task.status ?? {}) as Json;
  const message = (status.message ?? {}) as Json;
  const parts = Array.isArray(message.parts) ? (message.parts as Json[]) : [];
  const a2ui = todoDetail(task).map((m) => ({ data: m, mediaType: A2UI_MIME }));
  return { ...task, status: { ...status, message: { ...message, parts: [...parts, ...a2ui] } } };
}

/** An A2UI action in a message's parts (a data part of either A2UI media type holding {action}), or null. */
export function actionOf(parts: Json[]): { name: string; context: Json } | null {
  for (const p of parts) {
    if (!A2UI_MIMES.has(text(p.mediaType)) || typeof p.data !== 'object' || p.data === null) continue;
    const action = (p.data as Json).action as Json | undefined;
    if (action && typeof action === 'object') {
      return { name: text(action.name), context: (typeof action.context === 'object' && action.context !== null ? action.context : {}) as Json };
    }
  }
  return null;
}
