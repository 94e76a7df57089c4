import type { FastifyBaseLogger } from 'fastify';

// Module-wide so that tests (and shutdown) can wait for every app's deferred work in one call.
const pending = new Set<Promise<void>>();

/**
 * Runs `work` after the current HTTP answer has gone out (setImmediate runs once the handler's promise
 * has resolved and Fastify has written the reply). Routes whose answer must not depend on whether an
 * e-mail is registered (forgot, resend, register) answer first and look the account up afterwards, so
 * their timing tells nothing (issue 7.6a). Failures are logged: nobody is waiting for them.
 */
export function afterAnswer(log: FastifyBaseLogger, what: string, work: () => Promise<void>): void {
  const done = new Promise<void>((resolve) => {
    setImmediate(() => {
      work()
        .catch((err: unknown) => log.error({ err }, `${what} failed after the answer`))
        .finally(resolve);
    });
  });
  pending.add(done);
  void done.finally(() => pending.delete(done));
}

/** Resolves when every deferred piece of work started so far (and any it started) has finished. */
export async function settleAfterAnswer(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
