import type { Notification } from "@loop/rules/schemas/notifications";
import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { json, stubApi } from "@/testing/stub-api";
import { FakeEventSource, makeNotification, renderNotifications } from "../testing/notification-fixtures";
import { NotificationBell } from "./notification-bell";

const HOUR = 60 * 60 * 1000;

function setup(initial: Notification[]) {
  let list = initial;
  const api = stubApi({
    "/api/notifications": () => json(list),
    "PUT /api/notifications/read-all": () => {
      const updated = list.filter((n) => !n.isRead).length;
      list = list.map((n) => ({ ...n, isRead: true }));
      return json({ updated });
    },
    "PUT /api/notifications/:id/read": ({ params }) => {
      list = list.map((n) => (n.id === params.id ? { ...n, isRead: true } : n));
      return json(list.find((n) => n.id === params.id));
    },
  });
  const rendered = renderNotifications(<NotificationBell />);
  const bell = () => screen.getByRole("button", { name: /^Notifications\b/ });
  const openBell = async () => {
    await rendered.user.click(bell());
    return screen.findByRole("list", { name: "Notification list" });
  };
  return { ...rendered, api, bell, openBell, setList: (next: Notification[]) => (list = next) };
}

describe("NotificationBell", () => {
  beforeEach(() => FakeEventSource.install());

  it('shows the unread count up to 9, then "9+"', async () => {
    setup(Array.from({ length: 12 }, () => makeNotification()));
    expect(await screen.findByTestId("notification-badge")).toHaveTextContent("9+");
    expect(screen.getByRole("button", { name: "Notifications, 9+ unread" })).toHaveAccessibleDescription("12 unread");
  });

  it("shows the exact count at 9 and below, and no badge when all are read", async () => {
    const { user, openBell } = setup([...Array.from({ length: 9 }, () => makeNotification()), makeNotification({ isRead: true })]);
    expect(await screen.findByTestId("notification-badge")).toHaveTextContent(/^9$/);
    await openBell();
    await user.click(screen.getByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(screen.queryByTestId("notification-badge")).not.toBeInTheDocument());
  });

  it("lists newest first with age labels, type icons and unread styling", async () => {
    const now = Date.now();
    const { openBell } = setup([
      makeNotification({ title: "Fresh", type: "success", createdAt: new Date(now - 5 * 60_000).toISOString() }),
      makeNotification({ title: "Hours", type: "warning", createdAt: new Date(now - 3 * HOUR - 60_000).toISOString(), isRead: true }),
      makeNotification({ title: "Days", type: "error", createdAt: new Date(now - 2 * 24 * HOUR - HOUR).toISOString(), isRead: true }),
      makeNotification({ title: "Other", type: "info", createdAt: new Date(now - 30 * 24 * HOUR).toISOString(), isRead: true }),
    ]);
    const list = await openBell();
    const items = within(list).getAllByTestId("notification");
    expect(items.map((item) => within(item).getAllByText(/./)[0]!.textContent)).toEqual(["Fresh", "Hours", "Days", "Other"]);
    expect(items[0]).toHaveTextContent("Just now");
    expect(items[1]).toHaveTextContent("3h ago");
    expect(items[2]).toHaveTextContent("2d ago");
    expect(items[3]).toHaveTextContent("30d ago");
    expect(within(items[0]!).getByRole("img", { name: "Success" })).toBeInTheDocument();
    expect(within(items[1]!).getByRole("img", { name: "Warning" })).toBeInTheDocument();
    expect(within(items[2]!).getByRole("img", { name: "Error" })).toBeInTheDocument();
    expect(within(items[3]!).getByRole("img", { name: "Info" })).toBeInTheDocument();
    expect(items.map((item) => item.dataset.unread)).toEqual(["true", "false", "false", "false"]);
    expect(within(items[0]!).getByText("Unread")).toBeInTheDocument();
  });

  it("clicking an unread notification marks it read (PUT …/read) and refreshes the list; a read one calls nothing", async () => {
    const unread = makeNotification({ title: "Click me" });
    const read = makeNotification({ title: "Seen", isRead: true });
    const { user, openBell, api } = setup([unread, read]);
    const list = await openBell();
    const listFetches = api.calls("/api/notifications").length;
    await user.click(within(list).getByRole("button", { name: /Seen/ }));
    expect(api.calls("PUT /api/notifications/:id/read")).toHaveLength(0);
    await user.click(within(list).getByRole("button", { name: /Click me/ }));
    await waitFor(() => expect(api.calls(`PUT /api/notifications/${unread.id}/read`)).toHaveLength(1));
    await waitFor(() => expect(api.calls("/api/notifications").length).toBeGreaterThan(listFetches));
    await waitFor(() => expect(within(list).getAllByTestId("notification")[0]).toHaveAttribute("data-unread", "false"));
    expect(screen.queryByTestId("notification-badge")).not.toBeInTheDocument();
  });

  it("an http(s) action opens in a new tab without opener or referrer, and marks it read", async () => {
    const open = vi.fn();
    vi.stubGlobal("open", open);
    const external = makeNotification({ title: "Docs", actionUrl: "https://example.com/docs", actionText: "Read the docs" });
    const { user, openBell, api } = setup([external]);
    const list = await openBell();
    await user.click(within(list).getByRole("button", { name: "Read the docs" }));
    expect(open).toHaveBeenCalledWith("https://example.com/docs", "_blank", "noopener,noreferrer");
    await waitFor(() => expect(api.calls("PUT /api/notifications/:id/read")).toHaveLength(1));
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/);
  });

  it("an app path navigates in the app and closes the popover", async () => {
    const open = vi.fn();
    vi.stubGlobal("open", open);
    const { user, openBell } = setup([makeNotification({ actionUrl: "/tokens", actionText: "View Balance", isRead: true })]);
    const list = await openBell();
    await user.click(within(list).getByRole("button", { name: "View Balance" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/tokens");
    expect(open).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole("list", { name: "Notification list" })).not.toBeInTheDocument());
  });

  it("says so when there are none", async () => {
    const { user, bell, api } = setup([]);
    await waitFor(() => expect(api.calls("/api/notifications")).toHaveLength(1));
    await user.click(bell());
    expect(await screen.findByText(/no notifications yet/i)).toBeInTheDocument();
  });

  it("live: a streamed notification shows at once; sync refetches; the stream closes on unmount", async () => {
    const { api, unmount } = setup([]);
    await waitFor(() => expect(api.calls("/api/notifications")).toHaveLength(1));
    const source = FakeEventSource.latest();
    expect(source.url).toBe("/api/notifications/stream");
    expect(source.init).toEqual({ withCredentials: true });
    act(() => source.emit("sync"));
    await waitFor(() => expect(api.calls("/api/notifications")).toHaveLength(2));
    act(() => source.emit("notification", makeNotification({ title: "Tokens Received" })));
    expect(await screen.findByTestId("notification-badge")).toHaveTextContent("1");
    expect(api.calls("/api/notifications")).toHaveLength(2);
    unmount();
    expect(source.closed).toBe(true);
  });

  it("polls every 30 seconds while the stream is not connected, and stops polling once it is", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { api } = setup([]);
      await waitFor(() => expect(api.calls("/api/notifications")).toHaveLength(1));
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      await waitFor(() => expect(api.calls("/api/notifications")).toHaveLength(2));
      act(() => FakeEventSource.latest().emit("sync"));
      await waitFor(() => expect(api.calls("/api/notifications")).toHaveLength(3));
      await act(() => vi.advanceTimersByTimeAsync(65_000));
      expect(api.calls("/api/notifications")).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
