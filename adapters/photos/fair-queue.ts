/** Who a job is run for: the jobs of one flow (one visitor) share one fair share of the queue. */
export type FlowKey = string | symbol;

interface Waiting {
  /** The flow's virtual time when this job may start: how much its flow had been given before it. */
  readonly start: number;
  readonly cost: number;
  readonly flow: FlowKey;
  /** Arrival order, the last tie-breaker. */
  readonly order: number;
  readonly begin: () => void;
}

interface Flow {
  /** Virtual time at which the flow's last queued job ends: the work given to it so far. */
  finish: number;
  /** Its jobs waiting or running. */
  pending: number;
}

const comesFirst = (a: Waiting, b: Waiting) => a.start - b.start || a.cost - b.cost || a.order - b.order;

/**
 * Runs jobs within a bound (how many at once, and how much cost at once), sharing the turns fairly
 * between flows by cost: start-time fair queueing. A job's start tag is its flow's work so far, never
 * less than the queue's virtual time (the tag of the last job started), so a flow that arrives late or
 * has had little goes ahead of one that has had much, and a flow that was idle is owed no burst. Equal
 * tags go to the cheaper job, then to the earlier. Within a flow, jobs start in the order queued.
 */
export class FairQueue {
  readonly #concurrency: number;
  readonly #capacity: number;
  #running = 0;
  /** The cost of the jobs running. */
  #load = 0;
  #clock = 0;
  #arrivals = 0;
  /** Few at a time (one per request whose photos wait), so a scan beats a heap here. */
  readonly #waiting: Waiting[] = [];
  readonly #flows = new Map<FlowKey, Flow>();

  /**
   * `concurrency`: the most jobs at once. `capacity`: the most cost at once, except that a job may
   * always run alone (unbounded unless set).
   */
  constructor({ concurrency, capacity = Infinity }: { concurrency: number; capacity?: number }) {
    this.#concurrency = Math.max(1, concurrency);
    this.#capacity = capacity;
  }

  /** Runs `job` for `flow` once its turn comes; `cost` is what it takes (for photos, their pixels). */
  async run<T>(flow: FlowKey, cost: number, job: () => Promise<T>): Promise<T> {
    const state = this.#flows.get(flow) ?? { finish: 0, pending: 0 };
    this.#flows.set(flow, state);
    const start = Math.max(this.#clock, state.finish);
    state.finish = start + cost;
    state.pending += 1;
    await new Promise<void>((begin) => {
      this.#waiting.push({ start, cost, flow, order: this.#arrivals++, begin });
      this.#startNext();
    });
    try {
      return await job();
    } finally {
      this.#running -= 1;
      this.#load -= cost;
      state.pending -= 1;
      this.#startNext();
    }
  }

  /**
   * Starts the jobs whose turn it is, strictly in turn: when the first in line does not fit, none
   * after it jumps ahead, or a stream of small jobs could keep a large one waiting for ever.
   */
  #startNext() {
    while (this.#running < this.#concurrency && this.#waiting.length > 0) {
      let first = 0;
      this.#waiting.forEach((job, index) => {
        if (comesFirst(job, this.#waiting[first] ?? job) < 0) first = index;
      });
      const next = this.#waiting[first];
      if (next === undefined || (this.#running > 0 && this.#load + next.cost > this.#capacity)) break;
      this.#waiting.splice(first, 1);
      this.#clock = Math.max(this.#clock, next.start);
      this.#running += 1;
      this.#load += next.cost;
      next.begin();
    }
    this.#forget();
  }

  /**
   * A flow with nothing queued whose work the clock has passed is as a new one; and once the queue is
   * idle, every flow is: both are dropped, so the map holds only visitors still owed or owing a turn.
   */
  #forget() {
    if (this.#running === 0 && this.#waiting.length === 0) {
      this.#flows.clear();
      this.#clock = 0;
      return;
    }
    for (const [key, flow] of this.#flows) if (flow.pending === 0 && flow.finish <= this.#clock) this.#flows.delete(key);
  }
}
