// on / off / once, as Stripe's Elements and Elements groups have them.

export type Handler = (payload: unknown) => void;

export class Emitter {
  private handlers = new Map<string, Handler[]>();

  on(event: string, handler: Handler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }

  /** Without a handler, removes all of the event's. */
  off(event: string, handler?: Handler): this {
    const list = this.handlers.get(event) ?? [];
    this.handlers.set(event, handler ? list.filter((h) => h !== handler) : []);
    return this;
  }

  once(event: string, handler: Handler): this {
    const wrapped: Handler = (payload) => {
      this.off(event, wrapped);
      handler(payload);
    };
    return this.on(event, wrapped);
  }

  protected listens(event: string): boolean {
    return (this.handlers.get(event)?.length ?? 0) > 0;
  }

  protected emit(event: string, payload?: unknown): void {
    for (const handler of this.handlers.get(event) ?? []) handler(payload);
  }

  protected removeAllListeners(): void {
    this.handlers = new Map();
  }
}
