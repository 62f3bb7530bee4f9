/**
 * A queue that runs at most `limit` tasks at once in this process; the others wait their turn in
 * arrival order. Picture decoding takes memory in proportion to the picture (libvips holds a
 * whole frame for interlaced PNG, progressive JPEG and GIF), so twenty uploads finished at once
 * must not decode twenty pictures at once.
 */
export function taskQueue(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter (running stays counted for it).
      if (waiting.length > 0) waiting.shift()!();
      else running -= 1;
    }
  };
}
