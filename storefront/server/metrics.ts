/**
 * The renderer's own figures (memory, event loop lag, garbage collection, open handles) in the
 * OpenMetrics text format, for host-server's `/metrics`, which appends them to its own.
 *
 * Each rendering process collects its figures with prom-client. Asked at `METRICS_PATH`, a
 * rendering process asks the supervising process by a message; the supervisor asks every
 * rendering process for its figures and adds them up (prom-client's cluster aggregation: sums,
 * and for figures such as the event loop lag the mean or the highest). So one address of the
 * shared port answers for every process, whichever of them takes the request.
 */
import cluster, { type Worker } from 'node:cluster';

import { AggregatorRegistry, collectDefaultMetrics, Registry, type OpenMetricsContentType } from 'prom-client';

/** Where host-server reads the figures (`platform/metrics.rs`); never forwarded from visitors. */
export const METRICS_PATH = '/api/renderer/metrics';

/** The content type of the figures: OpenMetrics, as host-server's. */
export const FIGURES_CONTENT_TYPE = Registry.OPENMETRICS_CONTENT_TYPE;

/** The prefix of every name, so they stand apart from host-server's own. */
const PREFIX = 'renderer_';

/** One process's figures, as prom-client hands them from process to process. */
type Figures = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

/** This rendering process's figures. */
const registry = new Registry<OpenMetricsContentType>();
registry.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);

/** How long the supervisor waits for the rendering processes' figures. */
const GATHER_TIMEOUT_MS = 1_500;

/** How long a rendering process waits for the supervisor's sum. */
const ANSWER_TIMEOUT_MS = 2_000;

type Message =
  | { kind: 'renderer-figures:ask'; id: number }
  | { kind: 'renderer-figures:answer'; id: number; text: string }
  | { kind: 'renderer-figures:collect'; round: number }
  | { kind: 'renderer-figures:report'; round: number; figures: Figures };

function isMessage(message: unknown): message is Message {
  const kind = (message as { kind?: unknown } | null)?.kind;
  return typeof kind === 'string' && kind.startsWith('renderer-figures:');
}

/** In a rendering process: collects its figures and reports them when the supervisor asks. */
export function collectProcessFigures(): void {
  collectDefaultMetrics({ prefix: PREFIX, register: registry });
  process.on('message', (message: unknown) => {
    if (!isMessage(message) || message.kind !== 'renderer-figures:collect') return;
    void registry.getMetricsAsJSON().then((figures) => {
      process.send?.({ kind: 'renderer-figures:report', round: message.round, figures } satisfies Message);
    });
  });
}

interface Round {
  reports: Figures[];
  waiting: number;
  finish: () => void;
}

/** In the supervising process: answers a rendering process's ask with the sum over all of them. */
export function answerFigureAsks(): void {
  const rounds = new Map<number, Round>();
  let nextRound = 0;
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isMessage(message)) return;
    if (message.kind === 'renderer-figures:report') {
      const round = rounds.get(message.round);
      if (!round) return;
      round.reports.push(message.figures);
      round.waiting -= 1;
      if (round.waiting === 0) round.finish();
    } else if (message.kind === 'renderer-figures:ask') {
      const round = (nextRound += 1);
      const workers = Object.values(cluster.workers ?? {}).filter((each): each is Worker => Boolean(each?.isConnected()));
      const reports: Figures[] = [];
      const finish = () => {
        clearTimeout(timer);
        rounds.delete(round);
        void summed(reports).then((text) => worker.send({ kind: 'renderer-figures:answer', id: message.id, text } satisfies Message));
      };
      const timer = setTimeout(finish, GATHER_TIMEOUT_MS);
      rounds.set(round, { reports, waiting: workers.length, finish });
      for (const each of workers) each.send({ kind: 'renderer-figures:collect', round } satisfies Message);
    }
  });
}

async function summed(reports: Figures[]): Promise<string> {
  const sum = AggregatorRegistry.aggregate<OpenMetricsContentType>(reports);
  sum.setContentType(Registry.OPENMETRICS_CONTENT_TYPE);
  return sum.metrics();
}

let nextAsk = 0;

/**
 * In a rendering process: the figures of every rendering process, as OpenMetrics text. Without
 * a supervisor (one process) its own.
 */
export async function allFigures(): Promise<string> {
  if (!process.send) return registry.metrics();
  const id = (nextAsk += 1);
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the supervising process did not answer'));
    }, ANSWER_TIMEOUT_MS);
    const onMessage = (message: unknown) => {
      if (!isMessage(message) || message.kind !== 'renderer-figures:answer' || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      resolve(message.text);
    };
    process.on('message', onMessage);
    process.send?.({ kind: 'renderer-figures:ask', id } satisfies Message);
  });
}
