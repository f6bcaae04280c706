/**
 * `npm run sync-server`: the team's sync server, set up from the environment
 * (docs/team-server.md). Stops on SIGINT or SIGTERM after storing every open document.
 */
import { startSyncServer, type StartedSyncServer } from './sync-server.ts';
import { SyncServerConfigError, syncServerOptionsFromEnv } from './sync-server-options.ts';

/** A stop that hangs (a database gone away) must not keep the process from ending. */
const STOP_TIMEOUT_MS = 20_000;

let server: StartedSyncServer;
try {
  server = await startSyncServer(syncServerOptionsFromEnv(process.env));
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(error instanceof SyncServerConfigError ? message : `The sync server could not start: ${message}`);
  process.exit(1);
}

let stopping = false;
async function stopOn(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: storing open documents and stopping`);
  const timer = setTimeout(() => {
    console.error('The sync server did not stop in time; exiting anyway.');
    process.exit(1);
  }, STOP_TIMEOUT_MS);
  try {
    await server.stop();
    clearTimeout(timer);
    process.exit(0);
  } catch (error) {
    console.error('The sync server stopped with an error:', error);
    process.exit(1);
  }
}
process.on('SIGINT', stopOn);
process.on('SIGTERM', stopOn);
