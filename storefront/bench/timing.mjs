// The timing both engine benchmarks use (engine.bench.mjs, engine-vs-medusa.bench.mjs).

/** The middle value. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Median microseconds per call over `batches` batches of calls lasting about 5 ms each, after 300 ms of warm-up. */
export function measure(call, batches = 200) {
  const start = process.hrtime.bigint();
  let warm = 0;
  while (process.hrtime.bigint() - start < 300_000_000n) {
    call();
    warm += 1;
  }
  const perBatch = Math.max(1, Math.round((warm / 300) * 5));
  const samples = [];
  for (let batch = 0; batch < batches; batch += 1) {
    const begin = process.hrtime.bigint();
    for (let index = 0; index < perBatch; index += 1) call();
    samples.push(Number(process.hrtime.bigint() - begin) / 1000 / perBatch);
  }
  return median(samples);
}
