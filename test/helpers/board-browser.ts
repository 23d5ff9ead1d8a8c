// A Board served on a free loopback port and Debian's Chromium driven by playwright-core, for the Board's browser
// tests: signIn(handle) opens a fresh browser context signed in as that owner, on the Board's first page.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { type Browser, chromium, type Page } from 'playwright-core';
import type postgres from 'postgres';
import type { Test } from 'tap';
import { createBoardRouter, createLoginUrl } from '../../src/board/router.js';

type Tap = Test;

export async function boardInChromium(t: Tap, sql: postgres.Sql): Promise<{
  base: string;
  browser: Browser;
  signIn: (handle: string) => Promise<Page>;
}> {
  const app = express();
  app.use(createBoardRouter({ sql }));
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  t.teardown(() => new Promise((resolve) => server.close(resolve)));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  t.teardown(() => browser.close());
  const signIn = async (handle: string) => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(await createLoginUrl(sql, handle, base));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/board`);
    return page;
  };
  return { base, browser, signIn };
}
