// Small helpers shared by the root scripts: run a command, run a few at a time.
import { spawn } from 'node:child_process';

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

/** Runs a command and collects its output as well as showing it (unless `echo` is false). */
export function runCapture(command, args, { echo = true, ...options } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, env: { ...process.env, ...options.env } });
    let output = '';
    const take = (stream, sink) =>
      stream.on('data', (chunk) => {
        output += chunk;
        if (echo) sink.write(chunk);
      });
    take(child.stdout, process.stdout);
    take(child.stderr, process.stderr);
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
    child.on('error', (error) => resolve({ code: 1, output: String(error) }));
  });
}

/**
 * Runs tasks with at most `limit` at once, each starting as soon as a place is free (not in
 * batches: a batch waits for its slowest task while a core idles); resolves with every
 * result, in the tasks' order.
 */
export async function atMost(limit, tasks) {
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}
