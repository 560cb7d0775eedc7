// An EventSource-like reader of GET /api/notifications/stream on a real socket (Server-Sent
// Events): the events so far, and waits for the ones a test expects.
import { notificationSchema, type Notification } from "@loop/rules/schemas/notifications";
import { EVENT_DEADLINE_MS } from "./wait";

const ARRIVAL_MS = EVENT_DEADLINE_MS;

export interface StreamEvent {
  event: string;
  data: string;
  id?: string;
}

/** An EventSource-like reader of GET /api/notifications/stream on a real socket. */
export class EventStreamClient {
  readonly events: StreamEvent[] = [];
  ended = false;
  private changed: (() => void)[] = [];
  private readonly controller = new AbortController();

  constructor(readonly response: Response) {
    void this.pump();
  }

  /** `headers`: more request headers (e.g. X-Forwarded-For). */
  static async open(baseUrl: string, cookie: string, headers: Record<string, string> = {}): Promise<EventStreamClient> {
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/api/notifications/stream`, {
      headers: { ...headers, Cookie: cookie },
      signal: controller.signal,
    });
    const client = new EventStreamClient(response);
    client.abort = () => controller.abort();
    return client;
  }

  abort = () => this.controller.abort();

  private async pump(): Promise<void> {
    if (!this.response.body) return;
    const reader = this.response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch {
        break;
      }
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: Partial<StreamEvent> = {};
        for (const line of block.split("\n")) {
          const colon = line.indexOf(":");
          if (colon <= 0) continue; // comments (": ping") and blank lines
          const field = line.slice(0, colon);
          const value = line.slice(colon + 1).replace(/^ /, "");
          if (field === "event") event.event = value;
          else if (field === "data") event.data = value;
          else if (field === "id") event.id = value;
        }
        if (event.event) this.events.push({ event: event.event, data: event.data ?? "", ...(event.id ? { id: event.id } : {}) });
      }
      this.wake();
    }
    this.ended = true;
    this.wake();
  }

  private wake(): void {
    const waiting = this.changed;
    this.changed = [];
    waiting.forEach((resolve) => resolve());
  }

  /** Resolves once `check` holds (re-checked on every chunk), or fails after `timeoutMs`. */
  async until<T>(check: () => T | undefined | false, what: string, timeoutMs = ARRIVAL_MS): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const result = check();
      if (result) return result;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`stream: no ${what} within ${timeoutMs} ms; got ${JSON.stringify(this.events)}${this.ended ? " (ended)" : ""}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.changed.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  notifications(): Notification[] {
    return this.events.filter((event) => event.event === "notification").map((event) => notificationSchema.parse(JSON.parse(event.data)));
  }
  syncCount(): number {
    return this.events.filter((event) => event.event === "sync").length;
  }
  waitForNotification(title: string): Promise<Notification> {
    return this.until(() => this.notifications().find((n) => n.title === title), `notification "${title}"`);
  }
  waitForSync(count: number): Promise<true> {
    return this.until(() => this.syncCount() >= count || undefined, `sync #${count}`);
  }
}
