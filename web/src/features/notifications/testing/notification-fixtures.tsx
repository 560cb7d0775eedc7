/** Test data, a stand-in EventSource and rendering for the notifications feature (tests only). */
import type { Notification } from "@loop/rules/schemas/notifications";
import type { ReactNode } from "react";
import { Route, Routes, useLocation } from "react-router";
import { vi } from "vitest";
import { renderWithToasts } from "@/testing/test-utils";

let seq = 0;

export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`,
    type: "info",
    title: `Notification ${seq}`,
    message: `Message ${seq}`,
    isRead: false,
    createdAt: new Date().toISOString(),
    actionText: null,
    actionUrl: null,
    ...overrides,
  };
}

/** The browser's EventSource, driven by the test: `emit("notification", data)`. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly listeners = new Map<string, Set<(event: MessageEvent<string>) => void>>();
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.get(type)?.delete(listener);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown = {}) {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    this.listeners.get(type)?.forEach((listener) => listener(event));
  }
  static install() {
    FakeEventSource.instances = [];
    vi.stubGlobal("EventSource", FakeEventSource);
  }
  static latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error("no EventSource was opened");
    return source;
  }
}

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** `ui` with a fresh query client, a memory router (its path shown in data-testid="location") and the toaster. */
export function renderNotifications(ui: ReactNode, path = "/") {
  return renderWithToasts(
    <>
      {ui}
      <Routes>
        <Route path="*" element={<Location />} />
      </Routes>
    </>,
    path,
  );
}
