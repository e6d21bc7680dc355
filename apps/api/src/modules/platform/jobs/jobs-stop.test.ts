import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/test-app.ts';
import type { Db } from '../../../db/client.ts';
import { sqlExecutorFor } from '../../../db/sql-executor.ts';
import { createJobs } from './jobs.service.ts';

const context = useTestApp();

describe('stopping the job queue', () => {
  it('waits for the statement that marks a finished job done, so the database can close after it', async () => {
    const real = sqlExecutorFor(context.app.database.db);
    let completion: Promise<unknown> | undefined;
    let completionSettled = false;
    // The app's database, with the statement pg-boss sends to mark a job completed held back 1.5 s:
    // pg-boss sends it without awaiting it, and used to return from stop() before it was answered.
    const db = {
      session: {
        client: {
          query(text: string, values?: unknown[]) {
            const answer = real.executeSql(text, values);
            if (!/SET completed_on = now\(\)/.test(text)) return answer;
            completion = new Promise((resolve) => setTimeout(resolve, 1_500)).then(() => answer);
            completion.then(() => {
              completionSettled = true;
            });
            return completion;
          },
        },
      },
    } as unknown as Db;
    const noop = () => undefined;
    const logger = { error: noop, warn: noop, info: noop, debug: noop } as never;
    const jobs = createJobs({
      db,
      workers: true,
      logger,
      stopTimeoutMs: 10_000,
      pollingIntervalSeconds: 0.5,
    });
    let handled!: () => void;
    const ran = new Promise<void>((resolve) => {
      handled = resolve;
    });
    jobs.define({
      queue: 'stop-test',
      async handle() {
        handled();
      },
    });
    await jobs.start();
    await jobs.send(context.app.database.db, 'stop-test', {});
    jobs.wake('stop-test');
    await ran;
    while (!completion) await new Promise((resolve) => setTimeout(resolve, 10));

    await jobs.stop();
    expect(completionSettled).toBe(true);
  });

  it('sends nothing once stopped: a late statement of pg-boss (failing a job after the stop) never answers, and nothing throws', async () => {
    const real = sqlExecutorFor(context.app.database.db);
    let sent = 0;
    const db = {
      session: {
        client: {
          query(text: string, values?: unknown[]) {
            sent += 1;
            return real.executeSql(text, values);
          },
        },
      },
    } as unknown as Db;
    const noop = () => undefined;
    const logger = { error: noop, warn: noop, info: noop, debug: noop } as never;
    const jobs = createJobs({ db, workers: false, logger, stopTimeoutMs: 1_000 });
    jobs.define({ queue: 'late-test', async handle() {} });
    await jobs.start();
    const id = await jobs.send(context.app.database.db, 'late-test', {});
    await jobs.stop();
    const sentBeforeStop = sent;

    // What pg-boss does when a job's handler ends after the stop: it fails the job, and reads the count
    // of the answer. An empty answer made that read throw, unhandled, in a real run.
    let outcome = 'no answer';
    jobs.boss.fail('late-test', id, new Error('ended after the stop')).then(
      () => {
        outcome = 'answered';
      },
      (error: Error) => {
        outcome = `threw: ${error.message}`;
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(outcome).toBe('no answer');
    expect(sent).toBe(sentBeforeStop);
  });
});
