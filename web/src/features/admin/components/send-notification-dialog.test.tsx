import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { setupDialog } from "@/testing/dialog-harness";
import { type ApiHandler, json } from "@/testing/stub-api";
import { USER_ID } from "../testing/admin-fixtures";
import { type NotificationRecipient, SendNotificationDialog } from "./send-notification-dialog";

function setup(handler: ApiHandler, recipient: NotificationRecipient | null = null) {
  const harness = setupDialog({
    routes: { "POST /api/admin/notifications": handler },
    title: "Send Notification",
    submitLabel: "Send",
    dialog: (open, onOpenChange) => <SendNotificationDialog open={open} onOpenChange={onOpenChange} recipient={recipient} />,
  });
  return { ...harness, send: harness.submitButton, calls: () => harness.api.calls("POST /api/admin/notifications") };
}

const QUEUED = { recipient: "all", broadcastId: "00000000-0000-4000-8000-0000000000d1", status: "queued" };

describe("Send Notification dialog", () => {
  it("enables Send only with a title and a message, and sends to all users by default", async () => {
    const { user, dialog, send, calls } = setup(() => json(QUEUED, 202));
    expect(
      within(within(dialog()).getByLabelText("Type"))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Info", "Success", "Warning", "Error"]);
    expect(send()).toBeDisabled();
    await user.type(within(dialog()).getByLabelText("Title"), "Maintenance");
    expect(send()).toBeDisabled();
    await user.type(within(dialog()).getByLabelText("Message"), "   ");
    expect(send()).toBeDisabled();
    await user.type(within(dialog()).getByLabelText("Message"), "Back at 10:00");
    expect(send()).toBeEnabled();
    await user.selectOptions(within(dialog()).getByLabelText("Type"), "warning");
    await user.click(send());
    expect(await screen.findByText("Notification Sent")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    // Blank optional fields are left out; the message is trimmed.
    expect(calls()[0]!.body).toEqual({ userId: "all", title: "Maintenance", message: "Back at 10:00", type: "warning" });
  });

  it("sends to the chosen user with a button link", async () => {
    const { user, dialog, send, calls } = setup(
      () => json({ recipient: "user", notificationId: "00000000-0000-4000-8000-0000000000e1" }, 201),
      {
        id: USER_ID,
        username: "beatmaker",
      },
    );
    expect(within(dialog()).getByLabelText("Recipient")).toHaveValue(USER_ID);
    await user.type(within(dialog()).getByLabelText("Title"), "New feature");
    await user.type(within(dialog()).getByLabelText("Message"), "Try offers");
    await user.type(within(dialog()).getByLabelText("Button URL (optional)"), "https://loop.example/negotiations");
    await user.type(within(dialog()).getByLabelText("Button text (optional)"), "Open");
    await user.click(send());
    expect(await screen.findByText("Your notification was sent to beatmaker.")).toBeInTheDocument();
    expect(calls()[0]!.body).toEqual({
      userId: USER_ID,
      title: "New feature",
      message: "Try offers",
      type: "info",
      actionUrl: "https://loop.example/negotiations",
      actionText: "Open",
    });
  });

  it("refuses a button URL that is not http(s) without calling the server", async () => {
    const { user, dialog, send, calls } = setup(() => json(QUEUED, 202));
    await user.type(within(dialog()).getByLabelText("Title"), "Hi");
    await user.type(within(dialog()).getByLabelText("Message"), "There");
    await user.type(within(dialog()).getByLabelText("Button URL (optional)"), "javascript:alert(1)");
    await user.click(send());
    expect(within(dialog()).getByRole("alert")).toHaveTextContent("Invalid Button URL: Enter a full http:// or https:// address");
    expect(calls()).toHaveLength(0);
  });

  it("says 'Failed to Send' when sending fails", async () => {
    const { user, dialog, send } = setup(() => new Response("", { status: 500 }));
    await user.type(within(dialog()).getByLabelText("Title"), "Hi");
    await user.type(within(dialog()).getByLabelText("Message"), "There");
    await user.click(send());
    expect(await screen.findByText("Failed to Send")).toBeInTheDocument();
    expect(screen.getByText("Failed to send notification. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Send Notification" })).toBeInTheDocument();
  });
});
