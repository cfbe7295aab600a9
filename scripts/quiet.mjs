// Before a part of `pnpm bench`: wait until the machine is quiet (what the last part, a build or
// PostgreSQL's autovacuum after it left running), and say how busy it was when the part began.
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Share of the CPUs' time not idle, over `ms`, from /proc/stat; null where there is none. */
export async function busyShare(ms = 1000) {
  const sample = () => {
    try {
      const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
      // user nice system idle iowait irq softirq steal: idle and iowait are the idle ones.
      return { total: fields.slice(0, 8).reduce((sum, value) => sum + value, 0), idle: fields[3] + fields[4] };
    } catch {
      return null;
    }
  };
  const before = sample();
  await sleep(ms);
  const after = sample();
  if (!before || !after || after.total <= before.total) return null;
  return 1 - (after.idle - before.idle) / (after.total - before.total);
}

/** A machine this busy is not quiet: more than a core's tenth on two cores. */
export const QUIET_BELOW = 0.1;

/**
 * Waits (a second at a time, at most `limitSeconds`) until the machine is quiet, then prints
 * how busy it was as `part` begins. Answers that share.
 */
export async function waitForQuiet(part, limitSeconds = 90) {
  const started = Date.now();
  let busy = await busyShare();
  while (busy !== null && busy >= QUIET_BELOW && Date.now() - started < limitSeconds * 1000) busy = await busyShare();
  const waited = Math.round((Date.now() - started) / 1000);
  if (busy === null) console.log(`\n(${part}: the machine's load is not known here)`);
  else
    console.log(
      `\n(${part}: the machine ${Math.round(busy * 100)} % busy as it begins` +
        (waited > 1 ? `, after waiting ${waited} s for it to quiet down` : '') +
        (busy >= QUIET_BELOW ? '; measured anyway' : '') +
        ')',
    );
  return busy;
}
