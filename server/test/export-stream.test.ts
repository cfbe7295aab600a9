import { test } from 'node:test';
import assert from 'node:assert/strict';
import { xlsxStream } from '../src/crud/export.js';
import type { ExportColumn } from '../src/crud/export.js';
import { stalls } from './event-loop.js';

/**
 * An XLSX export writes its rows in slices (docs/embedded-database.md): exceljs takes
 * ~0.1–0.3 ms a row, and a batch written in one go held every other request of the node.
 */

interface Row {
  id: number;
  name: string;
  email: string;
  createdAt: string;
}

const columns: ExportColumn<Row>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'name', value: (row) => row.name },
  { header: 'email', value: (row) => row.email },
  { header: 'createdAt', value: (row) => row.createdAt, format: 'datetime' },
];

test('an XLSX export lets other work run while it writes a large batch', async () => {
  const batch = Array.from({ length: 10_000 }, (_, index) => ({
    id: index,
    name: `Pessoa ${index}`,
    email: `p${index}@canteiro.test`,
    createdAt: '2026-03-02T10:30:00.000Z',
  }));
  async function* batches() {
    yield batch;
  }
  const started = performance.now();
  let bytes = 0;
  const written = (async () => {
    for await (const chunk of xlsxStream(
      columns,
      batches(),
      { locale: 'pt-BR', timeZone: 'America/Sao_Paulo', sheetName: 'Pessoas' },
      (error) => assert.fail(String(error)),
    ))
      bytes += (chunk as Buffer).length;
  })();
  const { longest, busiest } = await stalls(written, 2);
  const took = performance.now() - started;
  assert.ok(bytes > 50_000, 'a real file was written');
  assert.ok(took > 150, `writing took ${took.toFixed(0)} ms: too quick to prove anything`);
  // CPU time, not wall time: on a loaded CI machine the operating system alone can keep a
  // timer waiting 100+ ms (a run on record: 128 ms) while this thread does nothing.
  assert.ok(
    busiest < 100,
    `the export held the thread for ${busiest.toFixed(0)} ms of CPU between two timers ` +
      `(longest wait ${longest.toFixed(0)} ms, writing took ${took.toFixed(0)} ms)`,
  );
});
