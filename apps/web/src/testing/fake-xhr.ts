import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest, the one transport besides fetch (used for upload progress).
 * Each instance records what was sent; the test then drives progress and the response.
 */
export class FakeXhr {
  static instances: FakeXhr[] = [];

  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  method = '';
  url = '';
  body: unknown = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  aborted = false;
  readonly headers: Record<string, string> = {};

  constructor() {
    FakeXhr.instances.push(this);
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: unknown) {
    this.body = body;
  }

  abort() {
    this.aborted = true;
    this.events.dispatchEvent(new Event('abort'));
  }

  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }

  progress(loaded: number, total: number) {
    const event = Object.assign(new Event('progress'), { lengthComputable: true, loaded, total });
    this.upload.dispatchEvent(event);
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }

  /** The multipart body as name → value pairs, in the order they were appended. */
  formEntries(): [string, FormDataEntryValue][] {
    if (!(this.body instanceof FormData)) throw new Error('the request body was not FormData');
    return [...this.body.entries()];
  }
}

export function stubXhr() {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.instances;
}
