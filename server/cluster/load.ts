import http from 'node:http';

/**
 * HTTP for the cluster test: node:http (not fetch) so a client can pick its loopback source
 * address (127.0.0.2, 127.0.0.3) and keep its connections alive through the load balancer.
 */

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Client {
  agent: http.Agent;
  cookies: Map<string, string>;
  token?: string;
}

export function newClient(localAddress?: string): Client {
  return {
    agent: new http.Agent({ keepAlive: true, maxSockets: 16, ...(localAddress ? { localAddress } : {}) }),
    cookies: new Map(),
  };
}

export async function request(
  client: Client,
  url: string,
  { method = 'GET', body, headers = {} }: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const xsrf = client.cookies.get('XSRF-TOKEN');
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      {
        method,
        agent: client.agent,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
          ...(xsrf && method !== 'GET' ? { 'x-xsrf-token': xsrf } : {}),
          ...(client.token ? { authorization: `Token ${client.token}` } : {}),
          ...headers,
        },
        timeout: 30_000,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          for (const line of response.headers['set-cookie'] ?? []) {
            const [pair = ''] = line.split(';');
            const [name = '', value = ''] = pair.split('=');
            client.cookies.set(name.trim(), value.trim());
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** Signs `client` in (web or mobile session) and keeps its token. */
export async function signIn(client: Client, base: string, email: string, web = true): Promise<Answer> {
  if (!client.cookies.has('XSRF-TOKEN')) await request(client, `${base}/api/health/live`);
  const answer = await request(client, `${base}/api/authentication/login`, {
    method: 'POST',
    body: { email, password: 'demo1234', from_web: web },
  });
  if (answer.status === 200) client.token = (JSON.parse(answer.body) as { token: string }).token;
  return answer;
}

export interface Outcome {
  at: number;
  kind: string;
  status: number;
  /** A network error (no HTTP answer). */
  error?: string;
}

export interface Window {
  requests: number;
  failed: number;
  /** Failures by status (0: no answer). */
  byStatus: Record<string, number>;
  /** From the fault to the last failure, in ms (0 when none failed). */
  recoveryMs: number;
  /** The first failure's error, when it had no HTTP answer. */
  firstError?: string;
}

export type Call = { kind: string; send: () => Promise<Answer> };

/**
 * A light, steady load: `workers` loops sending the calls in turn with a pause between,
 * every outcome kept with its time, so each fault's window can be counted.
 */
export class SteadyLoad {
  readonly outcomes: Outcome[] = [];
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly calls: Call[],
    private readonly workers = 3,
    private readonly pauseMs = 25,
  ) {}

  start(): void {
    this.running = true;
    this.loops = Array.from({ length: this.workers }, (_, worker) => this.loop(worker));
  }

  private async loop(worker: number): Promise<void> {
    for (let turn = worker; this.running; turn += 1) {
      const call = this.calls[turn % this.calls.length]!;
      const at = performance.now();
      try {
        const answer = await call.send();
        this.outcomes.push({ at, kind: call.kind, status: answer.status });
      } catch (error) {
        this.outcomes.push({ at, kind: call.kind, status: 0, error: (error as Error).message });
      }
      await new Promise((resolve) => setTimeout(resolve, this.pauseMs));
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** The outcomes since `from` (performance.now()), counted. */
  since(from: number): Window {
    const outcomes = this.outcomes.filter((outcome) => outcome.at >= from);
    const failures = outcomes.filter((outcome) => outcome.status === 0 || outcome.status >= 400);
    const byStatus: Record<string, number> = {};
    for (const failure of failures) {
      const key = `${failure.kind} ${failure.status}`;
      byStatus[key] = (byStatus[key] ?? 0) + 1;
    }
    const last = failures.at(-1);
    const firstError = failures.find((failure) => failure.error)?.error;
    return {
      requests: outcomes.length,
      failed: failures.length,
      byStatus,
      recoveryMs: last ? last.at - from : 0,
      ...(firstError ? { firstError } : {}),
    };
  }
}

/** Sends as fast as `workers` loops can for `ms`; answers requests per second and failures. */
export async function throughput(send: () => Promise<Answer>, workers: number, ms: number) {
  let done = 0;
  let failed = 0;
  const end = performance.now() + ms;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < end) {
        try {
          const answer = await send();
          if (answer.status >= 400) failed += 1;
        } catch {
          failed += 1;
        }
        done += 1;
      }
    }),
  );
  return { perSecond: (done / ms) * 1000, failed };
}
