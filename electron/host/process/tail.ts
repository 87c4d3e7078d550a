/** Keeps the first `headLimit` bytes (for parsing a hook's answer) and the last `tailLimit` bytes (for history). */
export class OutputCapture {
  private head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer = Buffer.alloc(0);
  total = 0;

  constructor(
    private readonly headLimit: number,
    private readonly tailLimit: number,
  ) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    if (this.headBytes < this.headLimit) {
      const take = chunk.subarray(0, this.headLimit - this.headBytes);
      this.head.push(take);
      this.headBytes += take.length;
    }
    this.tail = Buffer.concat([this.tail, chunk]);
    if (this.tail.length > this.tailLimit) this.tail = this.tail.subarray(this.tail.length - this.tailLimit);
  }

  /** The whole output when it fit in the head, else null (too large to trust as an answer). */
  complete(): string | null {
    return this.total <= this.headLimit ? Buffer.concat(this.head).toString('utf8') : null;
  }

  tailText(): string {
    const text = this.tail.toString('utf8');
    return this.total > this.tailLimit ? `…${text.replace(/^[\uFFFD]+/, '')}` : text;
  }
}
