/**
 * Web Locks of one browser, shared by its tabs: a lock is granted once the one before it is let
 * go. `asked` lists the names asked for, in order.
 */
export function fakeLocks(): { manager: LockManager; asked: string[] } {
  const tails = new Map<string, Promise<unknown>>();
  const asked: string[] = [];
  const manager = {
    request: (name: string, callback: () => Promise<unknown>) => {
      asked.push(name);
      const granted = (tails.get(name) ?? Promise.resolve()).then(callback);
      tails.set(
        name,
        granted.catch(() => undefined),
      );
      return granted;
    },
  } as unknown as LockManager;
  return { manager, asked };
}
