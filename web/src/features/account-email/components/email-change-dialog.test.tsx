import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { json, stubApi, type StubbedApi } from "@/testing/stub-api";
import { renderWithProviders } from "@/testing/test-utils";
import { EmailChangeDialog } from "./email-change-dialog";

const emailCalls = (api: StubbedApi) => api.calls("POST /api/profile/email");

describe("e-mail address dialog", () => {
  it("wallet-only: 'Add e-mail' checks the address, posts it and says to check that inbox", async () => {
    const api = stubApi({
      "POST /api/profile/email": () => json({ message: "Check your inbox at mia@example.com to confirm your e-mail address." }, 202),
    });
    const { user } = renderWithProviders(<EmailChangeDialog currentEmail={null} />);
    await user.click(screen.getByRole("button", { name: "Add e-mail" }));
    const dialog = await screen.findByRole("dialog", { name: "Add an e-mail address" });
    expect(dialog).toHaveTextContent("receipts and order confirmations go there, and you can sign in with it too");

    // Checked with the shared schema first: nothing is sent.
    await user.type(within(dialog).getByLabelText("E-mail address"), "not-an-address");
    await user.click(within(dialog).getByRole("button", { name: "Send confirmation link" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Please enter a valid e-mail address");
    expect(emailCalls(api)).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText("E-mail address"));
    await user.type(within(dialog).getByLabelText("E-mail address"), " Mia@Example.com ");
    await user.click(within(dialog).getByRole("button", { name: "Send confirmation link" }));
    const sent = await within(dialog).findByTestId("email-change-sent");
    expect(sent).toHaveTextContent("Check your inbox at mia@example.com to confirm your e-mail address.");
    expect(sent).toHaveTextContent("Open the link in the e-mail while signed in to this account.");
    expect(emailCalls(api)).toHaveLength(1);
    expect(emailCalls(api)[0]!.init).toMatchObject({
      method: "POST",
      credentials: "include",
      body: JSON.stringify({ email: "mia@example.com" }),
    });

    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // Opened again: an empty form.
    await user.click(screen.getByRole("button", { name: "Add e-mail" }));
    expect(await screen.findByLabelText("E-mail address")).toHaveValue("");
  });

  it("'Change e-mail' names the current address and shows the server's refusal", async () => {
    const api = stubApi({
      "POST /api/profile/email": () => json({ message: "This e-mail address is already used by another account." }, 409),
    });
    const { user } = renderWithProviders(<EmailChangeDialog currentEmail="old@example.com" />);
    await user.click(screen.getByRole("button", { name: "Change e-mail" }));
    const dialog = await screen.findByRole("dialog", { name: "Change your e-mail address" });
    expect(dialog).toHaveTextContent("Your address is old@example.com.");
    await user.type(within(dialog).getByLabelText("New e-mail address"), "taken@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Send confirmation link" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("This e-mail address is already used by another account.");
    expect(within(dialog).queryByTestId("email-change-sent")).not.toBeInTheDocument();
    // Editing the address clears the refusal.
    await user.type(within(dialog).getByLabelText("New e-mail address"), "x");
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
    expect(emailCalls(api)).toHaveLength(1);
  });

  it("opened from inside another form, sending the link does not submit that form", async () => {
    stubApi({
      "POST /api/profile/email": () => json({ message: "Check your inbox at a@example.com to confirm your e-mail address." }, 202),
    });
    const outerSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const { user } = renderWithProviders(
      <form onSubmit={outerSubmit}>
        <EmailChangeDialog currentEmail={null} />
      </form>,
    );
    await user.click(screen.getByRole("button", { name: "Add e-mail" }));
    await user.type(await screen.findByLabelText("E-mail address"), "a@example.com{Enter}");
    expect(await screen.findByTestId("email-change-sent")).toBeInTheDocument();
    expect(outerSubmit).not.toHaveBeenCalled();
  });
});
