import { type Notification, NOTIFICATION_MESSAGES as M } from "@loop/rules/schemas/notifications";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { setupDialog } from "@/testing/dialog-harness";
import { fillFields } from "@/testing/fill-fields";
import { type ApiHandler, json } from "@/testing/stub-api";
import { makeNotification, renderNotifications } from "../testing/notification-fixtures";
import { CreateNotificationDialog } from "./create-notification-dialog";

function setup(post: ApiHandler = ({ body }) => json(makeNotification(body as Partial<Notification>), 201)) {
  const harness = setupDialog({
    routes: { "POST /api/notifications": post, "/api/notifications": () => json([]) },
    title: "Create Notification",
    submitLabel: "Create Notification",
    render: renderNotifications,
    dialog: (open, onOpenChange) => <CreateNotificationDialog open={open} onOpenChange={onOpenChange} />,
  });
  return { ...harness, posts: () => harness.api.bodies("POST /api/notifications") };
}

describe("CreateNotificationDialog", () => {
  it("requires a title and a message, with the spec's messages, and sends nothing", async () => {
    const { user, submit, posts } = setup();
    await submit();
    expect(screen.getByText(M.titleRequired)).toBeInTheDocument();
    expect(screen.getByText(M.messageRequired)).toBeInTheDocument();
    expect(screen.getByLabelText("Title")).toHaveAttribute("aria-invalid", "true");
    await fillFields(user, { Title: "   ", Message: "Hello" });
    await submit();
    expect(screen.getByText(M.titleRequired)).toBeInTheDocument();
    expect(screen.queryByText(M.messageRequired)).not.toBeInTheDocument();
    expect(posts()).toEqual([]);
  });

  it("refuses a button URL that is not http(s)", async () => {
    const { user, submit, posts } = setup();
    await fillFields(user, { Title: "T", Message: "M" });
    for (const bad of ["javascript:alert(1)", "example.com", "/tokens"]) {
      await user.clear(screen.getByLabelText("Button URL (optional)"));
      await user.type(screen.getByLabelText("Button URL (optional)"), bad);
      await submit();
      expect(screen.getByText(M.invalidActionUrl)).toBeInTheDocument();
    }
    expect(posts()).toEqual([]);
  });

  it("sends the trimmed fields (type info by default, blank optional ones dropped), toasts and closes", async () => {
    const { user, submit, posts } = setup();
    await fillFields(user, { Title: "  Reminder ", Message: "Upload the stems", "Button text (optional)": "   " });
    await submit();
    await waitFor(() => expect(posts()).toEqual([{ title: "Reminder", message: "Upload the stems", type: "info" }]));
    expect(await screen.findByText("Notification Created")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Create Notification" })).not.toBeInTheDocument());
  });

  it("sends the chosen type and the button", async () => {
    const { user, submit, posts } = setup();
    await fillFields(user, {
      Title: "Go",
      Message: "There",
      Type: "warning",
      "Button URL (optional)": "https://example.com/x",
      "Button text (optional)": "Open",
    });
    await submit();
    await waitFor(() =>
      expect(posts()).toEqual([{ title: "Go", message: "There", type: "warning", actionUrl: "https://example.com/x", actionText: "Open" }]),
    );
  });

  it("a refusal toasts 'Failed to Create Notification' with the server's message and keeps the form", async () => {
    const { user, submit, dialog } = setup(() => json({ message: "Too Many Notifications: slow down" }, 429));
    await fillFields(user, { Title: "T", Message: "M" });
    await submit();
    expect(await screen.findByText("Failed to Create Notification")).toBeInTheDocument();
    expect(screen.getByText("Too Many Notifications: slow down")).toBeInTheDocument();
    expect(dialog()).toBeInTheDocument();
    expect(screen.getByLabelText("Title")).toHaveValue("T");
  });
});
