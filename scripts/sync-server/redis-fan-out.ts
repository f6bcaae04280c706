/**
 * Several sync server instances behind one address share their documents through Redis:
 * a change made on one instance reaches the clients of the others. Each instance needs a name
 * of its own, by which it knows its own messages on the shared channel.
 *
 * The Redis extension also lets only one instance store a document at a time, and an instance
 * that finds the lock taken skips its store, trusting the other's copy to hold its changes. That
 * copy can be a moment older than its own last change, which is then never stored: the team run
 * (scripts/team-run) lost the last seconds of edits so. Here every instance stores what it has,
 * and the PostgreSQL store merges each copy into what is stored under a lock of its own
 * (document-storage.ts), so the extension's lock is left out.
 */
import { Redis } from '@hocuspocus/extension-redis';

/** How long Redis has to answer at start before the server gives up with a clear message. */
const REDIS_START_TIMEOUT_MS = 5000;

/** REDIS_URL (`redis://[user:password@]host[:port][/db]`, or `rediss://` for TLS) as the extension's options. */
function redisConnectionOf(redisUrl: string) {
  const url = new URL(redisUrl);
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new Error(`REDIS_URL must start with redis:// or rediss://, not ${url.protocol}//`);
  }
  const db = url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0;
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : 6379,
    options: {
      username: url.username ? decodeURIComponent(url.username) : undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
      db: Number.isInteger(db) ? db : 0,
      tls: url.protocol === 'rediss:' ? {} : undefined,
    },
  };
}

/** For the start-up line: where, never the password. */
export function describeRedis(redisUrl: string): string {
  const url = new URL(redisUrl);
  return `${url.protocol}//${url.hostname}:${url.port || 6379}${url.pathname.length > 1 ? url.pathname : ''}`;
}

class RedisWithoutStoreLock extends Redis {
  override async onStoreDocument() {}
}

export async function connectRedis(redisUrl: string, instanceName: string): Promise<Redis> {
  const redis = new RedisWithoutStoreLock({
    ...redisConnectionOf(redisUrl),
    identifier: instanceName,
    prefix: 'seo-dashboard-sync',
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.all([redis.pub.ping(), redis.sub.ping()]),
      new Promise((_, fail) => {
        timer = setTimeout(
          () => fail(new Error(`Redis at ${describeRedis(redisUrl)} did not answer.`)),
          REDIS_START_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    redis.pub.disconnect(false);
    redis.sub.disconnect(false);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return redis;
}
