/**
 * The longest the event loop went without running a timer of `every` ms while `work` ran:
 * how long anything else on this thread (a request, a health check) would have waited.
 */
export async function longestStall(work: Promise<unknown>, every = 10): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, every);
  try {
    await work;
  } finally {
    clearInterval(timer);
  }
  return Math.max(longest, performance.now() - last);
}
