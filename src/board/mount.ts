// Mounts the Board on the HTTP server (`switchboard serve` / `start`): startServer's mount hook for /board.
import type { AppContext } from '../context.js';
import type { Express } from 'express';
import { createBoardRouter } from './router.js';

export function mountBoard(app: Express, ctx: AppContext, baseUrl?: string): void {
  app.use(
    createBoardRouter({
      sql: ctx.sql,
      logger: ctx.log,
      baseUrl: baseUrl ?? ctx.config.SWITCHBOARD_PUBLIC_URL,
      trustProxy: ctx.config.SWITCHBOARD_TRUST_PROXY,
      door: ctx.door,
    }),
  );
}
