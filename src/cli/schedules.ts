// The `switchboard schedule` commands: add, list and remove an endpoint's schedules (a todo filed at each tick of a
// five-field cron line; the worker files them). Each is one call of the admin API (switchboard.add_schedule, …).
import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import type { Doc } from '../ledger.js';
import { withLedger } from './admin.js';
import { HintedError, out } from './io.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function id(v: string, what: string): string {
  if (!UUID.test(v)) throw new HintedError(`invalid: ${what} is not a uuid`, 'switchboard endpoint list shows the endpoint ids.');
  return v;
}

function line(s: Doc): string {
  return `${s.schedule_id}  ${s.queue}  "${s.cron}" ${s.time_zone}  next ${s.next_run_at}${s.title ? `  ${s.title}` : ''}`;
}

export function registerScheduleCommands(program: Command): void {
  const schedule = program.command('schedule').description("an endpoint's recurring todos: one filed at each tick of a cron line");
  schedule
    .command('add')
    .description('file a todo on a queue at each tick of a five-field cron line (minute hour day-of-month month day-of-week)')
    .argument('<endpoint_id>', 'the endpoint that files the todos (endpoint list shows them)')
    .argument('<queue>', 'the queue')
    .argument('<cron>', 'e.g. "0 9 * * 1-5": at 09:00 on weekdays')
    .option('--payload <json>', 'the payload each todo carries (JSON)', '{}')
    .option('--title <title>', 'a line for humans')
    .option('--time-zone <zone>', 'the IANA time zone the cron line is read in', 'UTC')
    .option('--json', 'print the schedule document as JSON')
    .action(async (ep: string, queue: string, cron: string, o: { payload: string; title?: string; timeZone: string; json?: boolean }) => {
      let payload: unknown;
      try {
        payload = JSON.parse(o.payload);
      } catch {
        throw new HintedError('invalid: --payload is not JSON', `For example --payload '{"what": "issues"}'.`);
      }
      const doc = await withLedger(loadConfig(), (l) =>
        l.addSchedule({ endpoint_id: id(ep, 'endpoint_id'), queue, cron, payload, title: o.title ?? null, time_zone: o.timeZone }),
      );
      out(o.json ? JSON.stringify(doc) : `schedule ${line(doc)}`);
    });
  schedule
    .command('list')
    .description("the schedules an endpoint reaches (its own and its team's)")
    .argument('<endpoint_id>', 'the endpoint')
    .option('--json', 'print the document as JSON')
    .action(async (ep: string, o: { json?: boolean }) => {
      const doc = await withLedger(loadConfig(), (l) => l.listSchedules({ endpoint_id: id(ep, 'endpoint_id') }));
      if (o.json) return out(JSON.stringify(doc));
      const list = doc.schedules as Doc[];
      if (list.length === 0) return out('no schedules');
      for (const s of list) out(line(s));
    });
  schedule
    .command('remove')
    .description('remove a schedule: no tick is filed from then on; todos filed before stay')
    .argument('<endpoint_id>', 'the endpoint')
    .argument('<schedule_id>', 'the schedule (schedule list shows them)')
    .option('--json', 'print the result document as JSON')
    .action(async (ep: string, sid: string, o: { json?: boolean }) => {
      const doc = await withLedger(loadConfig(), (l) => l.removeSchedule({ endpoint_id: id(ep, 'endpoint_id'), schedule_id: id(sid, 'schedule_id') }));
      out(o.json ? JSON.stringify(doc) : `schedule ${sid} removed`);
    });
}
