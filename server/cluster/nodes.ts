import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { SERVER_MAIN, freePort } from './topology.js';

/** An API node: `node server/dist/main.js` of the production build, as an operator runs it. */
export class ApiNode {
  private child: ChildProcess | null = null;
  private exited: Promise<number | null> = Promise.resolve(null);
  output = '';
  /** Exits nobody asked for (a crash), with their code. */
  readonly crashes: (number | null)[] = [];
  private stopping = false;

  constructor(
    readonly name: string,
    readonly port: number,
    private env: Record<string, string>,
  ) {}

  static async create(name: string, env: Record<string, string>): Promise<ApiNode> {
    return new ApiNode(name, await freePort(), env);
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  setEnv(changes: Record<string, string>): void {
    this.env = { ...this.env, ...changes };
  }

  /** Starts it and waits until it is ready (/api/health 200). */
  async start(): Promise<void> {
    this.stopping = false;
    const child = spawn(process.execPath, [SERVER_MAIN], {
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) =>
      child.on('exit', (code) => {
        if (!this.stopping) this.crashes.push(code);
        resolve(code);
      }),
    );
    this.child = child;
    const started = Date.now();
    while (Date.now() - started < 120_000) {
      if (!this.running) throw new Error(`${this.name} exited at start: ${this.output}`);
      try {
        if ((await fetch(`http://127.0.0.1:${this.port}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${this.name} did not become ready: ${this.output}`);
  }

  /** SIGTERM (a deploy: drain, then exit) or SIGKILL; answers the exit code. */
  async stop(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<number | null> {
    if (!this.running) return null;
    this.stopping = true;
    this.child!.kill(signal);
    return this.exited;
  }
}
