export interface Stalls {
  /** The longest wall time between two timer runs, in ms. */
  longest: number;
  /** The most CPU time the process spent between two timer runs, in ms. */
  busiest: number;
}

/**
 * How long the event loop went without running a timer of `every` ms while `work` ran:
 * how long anything else on this thread (a request, a health check) would have waited.
 *
 * `longest` is wall time, so it also counts time the operating system gave to other
 * processes (CI runs two server suites beside each other on two cores). `busiest` is the
 * CPU time this process spent in the worst gap: it is what our own code held the thread for,
 * whatever else the machine was doing. Use it where the thread does the work itself.
 */
export async function stalls(work: Promise<unknown>, every = 10): Promise<Stalls> {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let longest = 0;
  let busiest = 0;
  const tick = () => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    longest = Math.max(longest, now - last);
    busiest = Math.max(busiest, (cpu.user + cpu.system) / 1000);
    last = now;
    lastCpu = process.cpuUsage();
  };
  const timer = setInterval(tick, every);
  try {
    await work;
  } finally {
    clearInterval(timer);
  }
  tick();
  return { longest, busiest };
}

/** The longest wall time the event loop went without running a timer while `work` ran. */
export async function longestStall(work: Promise<unknown>, every = 10): Promise<number> {
  return (await stalls(work, every)).longest;
}
