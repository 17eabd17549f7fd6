/**
 * Reads that arrive together go to the database as one statement (issue 24): sending a
 * statement, its socket write and the wake-up of the server above all, was most of the CPU of a
 * read that reaches PostgreSQL, in Prosa's process and in PostgreSQL's alike.
 *
 * A read that arrives while no statement is under way starts one at once; a read that arrives
 * while one is under way waits for the next, which starts when that one ends and carries every
 * read that waited for it. So each read is answered by a statement that began after the read
 * did, and sees every write committed before the read began, in whatever process. At most one
 * statement is under way per reader, so a burst of reads costs two statements however many reads
 * it holds, and a lone read costs what it cost before.
 */
export class BatchedReader<K, V> {
  readonly #run: (keys: K[]) => Promise<Map<K, V>>;
  #next: Array<{ key: K; resolve: (value: V | undefined) => void; reject: (err: unknown) => void }> = [];
  #running = false;

  /** `run` reads every key given (each once) in one statement; a key it does not find is absent from its map. */
  constructor(run: (keys: K[]) => Promise<Map<K, V>>) {
    this.#run = run;
  }

  /** The key's value, read after this call began; undefined when there is none. */
  read(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      this.#next.push({ key, resolve, reject });
      if (!this.#running) this.#start();
    });
  }

  /** Reads waiting for the next statement (while one is under way). */
  get waiting(): number {
    return this.#running ? this.#next.length : 0;
  }

  #start(): void {
    const batch = this.#next;
    this.#next = [];
    this.#running = true;
    this.#run([...new Set(batch.map((w) => w.key))]).then(
      (values) => {
        for (const w of batch) w.resolve(values.get(w.key));
        this.#done();
      },
      (err: unknown) => {
        for (const w of batch) w.reject(err);
        this.#done();
      },
    );
  }

  #done(): void {
    this.#running = false;
    if (this.#next.length > 0) this.#start();
  }
}
