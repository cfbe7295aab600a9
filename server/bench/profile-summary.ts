/**
 * Where a server's CPU time went, from the biggest V8 CPU profile in a folder (`node
 * --cpu-prof` writes one per thread; the main thread's is the big one): self time by
 * package or source file, and the heaviest functions.
 *
 *   node --import tsx server/bench/profile-summary.ts .bench/profiles
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** `fastify`, `drizzle-orm`, `src/crud/reads.ts`, `node:internal/…`, `(idle)`… */
function ownerOf(url: string, functionName: string): string {
  if (!url) return `(${functionName || 'native'})`;
  const pnpm = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pnpm) return pnpm[1]!;
  const plain = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (plain) return plain[1]!;
  const source = /\/(server\/src\/.*|shared\/src\/.*)$/.exec(url);
  if (source) return source[1]!;
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  return url;
}

export function summariseProfile(folder: string, top = 25): string {
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => path.join(folder, name))
    .sort((a, b) => statSync(b).size - statSync(a).size);
  if (!files[0]) return `no .cpuprofile in ${folder}`;
  const profile = JSON.parse(readFileSync(files[0], 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfTime = new Map<number, number>();
  profile.samples.forEach((id, index) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const owners = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  let all = 0;
  for (const [id, micros] of selfTime) {
    const node = byId.get(id)!;
    const { functionName, url, lineNumber } = node.callFrame;
    all += micros;
    if (functionName === '(idle)' || functionName === '(program)') continue;
    busy += micros;
    const owner = ownerOf(url, functionName);
    owners.set(owner, (owners.get(owner) ?? 0) + micros);
    const key = `${functionName || '(anonymous)'} ${owner}:${lineNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + micros);
  }
  const share = (micros: number) => `${((100 * micros) / busy).toFixed(1).padStart(5)} %`;
  const lines = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => `  ${share(micros)}  ${name}`);
  return [
    `CPU profile ${path.basename(files[0])}: busy ${(busy / 1e6).toFixed(1)} s of ${(all / 1e6).toFixed(1)} s`,
    'self time by package / file:',
    ...lines(owners),
    'heaviest functions (self time):',
    ...lines(functions),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(summariseProfile(process.argv[2] ?? '.bench/profiles'));
}
