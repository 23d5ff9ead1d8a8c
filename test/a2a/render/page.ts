// The page the Chromium test loads (bundled by esbuild): @a2ui/lit's v0.9 renderer drawing the A2UI messages it is
// given, recording each action a click sends instead of sending it anywhere.
import { basicCatalog } from '@a2ui/lit/v0_9';
import { MessageProcessor } from '@a2ui/web_core/v0_9';

const actions: unknown[] = [];
const w = window as unknown as { actions: unknown[]; render(messages: unknown[]): void };
w.actions = actions;
w.render = (messages) => {
  const processor = new MessageProcessor([basicCatalog], (action) => {
    actions.push(action);
  });
  processor.onSurfaceCreated((surface) => {
    const el = document.createElement('a2ui-surface') as HTMLElement & { surface: unknown };
    el.surface = surface;
    document.body.append(el);
  });
  processor.processMessages(messages as Parameters<typeof processor.processMessages>[0]);
};
