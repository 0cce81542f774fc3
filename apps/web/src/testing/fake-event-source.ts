/**
 * A stand-in for the browser's EventSource (jsdom has none), installed with
 * `vi.stubGlobal('EventSource', FakeEventSource)`. Each instance records its address; the test
 * then opens it, sends events and drops it.
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readyState = FakeEventSource.CONNECTING;
  private readonly events = new EventTarget();

  constructor(url: string | URL) {
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  /** The connections not closed yet. */
  static get open(): FakeEventSource[] {
    return FakeEventSource.instances.filter(
      (source) => source.readyState !== FakeEventSource.CLOSED,
    );
  }

  static reset(): void {
    FakeEventSource.instances = [];
  }

  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }

  removeEventListener(type: string, listener: EventListener) {
    this.events.removeEventListener(type, listener);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server answered with a stream. */
  connect() {
    this.readyState = FakeEventSource.OPEN;
    this.events.dispatchEvent(new Event('open'));
  }

  /** An `event: <type>` with its `data:` line. */
  send(type: string, data: string) {
    this.events.dispatchEvent(new MessageEvent(type, { data }));
  }

  /** The connection failed; `final` as for an answer that is not a stream (no retry). */
  fail(final = false) {
    this.readyState = final ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.events.dispatchEvent(new Event('error'));
  }
}
