/**
 * Undo actions of the scenario in progress (unmount a file system, drop a scratch database,
 * start PostgreSQL again), run by the scenario's own `finally` and, should the run be
 * interrupted or time out, by the runner.
 */
const actions = new Map<number, { label: string; run: () => Promise<void> }>();
let nextId = 0;

/** Registers `run`; answers a function that runs it once and unregisters it. */
export function onCleanup(label: string, run: () => Promise<void>): () => Promise<void> {
  const id = nextId++;
  actions.set(id, { label, run });
  return async () => {
    if (!actions.delete(id)) return;
    await run();
  };
}

/** Runs every registered action, newest first; a failing one is reported and the rest still run. */
export async function runCleanups(): Promise<void> {
  for (const [id, action] of [...actions.entries()].reverse()) {
    actions.delete(id);
    try {
      await action.run();
    } catch (error) {
      process.stderr.write(`clean-up "${action.label}" failed: ${String(error)}\n`);
    }
  }
}
