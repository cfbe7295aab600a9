import net from 'node:net';

/**
 * A TCP relay between the server and its PostgreSQL that a test can cut and restore: the
 * database "goes away" (every connection reset, new ones refused) and "comes back" on the same
 * port, without touching the real server other suites share.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Every open connection reset, new ones refused (the port is closed). */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.resetAndDestroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Open connections, in both directions. */
  get connections(): number {
    return this.sockets.size / 2;
  }
}

/** The host and port of a PostgreSQL URL. */
export function hostAndPort(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname || 'localhost', port: Number(parsed.port || 5432) };
}

/** The same URL pointing at another host and port. */
export function throughProxy(url: string, port: number, extra: Record<string, string> = {}): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(port);
  for (const [name, value] of Object.entries(extra)) parsed.searchParams.set(name, value);
  return parsed.toString();
}
