/**
 * Lines written together: each line waits for the end of the event loop's turn, and the turn's lines
 * go out in one write. A busy server answers dozens of requests a turn, and one write for each of
 * their log lines would cost more than sending the page. A line is late by one turn at most; `flush`
 * writes what waits at once (before the process exits).
 */
export class LogLines {
  readonly #write: (chunk: string) => void;
  #waiting: string[] = [];
  #scheduled = false;

  constructor(write: (chunk: string) => void) {
    this.#write = write;
  }

  add(line: string): void {
    this.#waiting.push(line);
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.flush();
    });
  }

  flush(): void {
    this.#scheduled = false;
    if (this.#waiting.length === 0) return;
    const lines = this.#waiting;
    this.#waiting = [];
    this.#write(`${lines.join('\n')}\n`);
  }
}
