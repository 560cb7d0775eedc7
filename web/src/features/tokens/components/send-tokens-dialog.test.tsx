import { promotionalRefusalMessage, TOKEN_MESSAGES } from "@loop/rules/schemas/tokens";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { setupDialog } from "@/testing/dialog-harness";
import { type ApiHandler, json, type StubbedApi } from "@/testing/stub-api";
import { lookupUsersRoute, MEMBERS, makeTransfer } from "../testing/token-fixtures";
import { NO_MEMBER_FOUND } from "./recipient-combobox";
import { PICK_RECIPIENT_HINT, SendTokensDialog } from "./send-tokens-dialog";

const ME = "0b6f4d2e-1a3c-4e5f-9a7b-8c9d0e1f2a3b";

function setup(
  handler: ApiHandler = () => json(makeTransfer(), 201),
  available = "100.00000000",
  promotional?: string,
  lookup: ApiHandler = lookupUsersRoute(),
) {
  const rendered = setupDialog({
    routes: { "POST /api/tokens/transfer": handler, "GET /api/users": lookup },
    title: "Send Tokens",
    submitLabel: "Send Tokens",
    reopen: true,
    dialog: (open, onOpenChange) => (
      <SendTokensDialog open={open} onOpenChange={onOpenChange} userId={ME} withdrawable={available} promotional={promotional} />
    ),
  });
  const recipientBox = () => within(rendered.dialog()).getByRole("combobox", { name: "Recipient" });
  /** Types `text` in the lookup and clicks the member whose @username is given. */
  const pickRecipient = async (text: string, username: string) => {
    await rendered.user.type(recipientBox(), text);
    await rendered.user.click(await within(rendered.dialog()).findByRole("option", { name: new RegExp(`^@${username}\\b`) }));
    await within(rendered.dialog()).findByRole("region", { name: "You are sending to" });
  };
  return { ...rendered, recipientBox, pickRecipient };
}

const transferCalls = (api: StubbedApi) => api.calls("POST /api/tokens/transfer");
const lookupQueries = (api: StubbedApi) => api.calls("GET /api/users").map(({ url }) => url.searchParams.get("query"));

describe("Send Tokens dialog", () => {
  it("finds the recipient by username: the matches, then who the LOOP goes to, and their id is sent", async () => {
    const { user, submit, api, dialog, recipientBox } = setup();
    await user.type(recipientBox(), "AN");
    const list = await within(dialog()).findByRole("listbox", { name: "Members" });
    const options = within(list).getAllByRole("option");
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveAccessibleName("@ana Ana Silva"); // the exact username first
    expect(options[1]).toHaveAccessibleName("@anders_beats");
    expect(within(options[0]!).getByText("AS")).toBeInTheDocument(); // initials without a profile image
    expect(options[1]!.querySelector("img")).toHaveAttribute("src", "https://cdn.example/anders.png");
    expect(lookupQueries(api).at(-1)).toBe("AN");
    expect(recipientBox()).toHaveAttribute("aria-expanded", "true");
    expect(recipientBox()).toHaveAttribute("aria-controls", list.id);

    // The arrow keys move through the members (wrapping), Enter picks one.
    await user.keyboard("{ArrowDown}");
    expect(options[0]).toHaveAttribute("aria-selected", "true");
    expect(recipientBox()).toHaveAttribute("aria-activedescendant", options[0]!.id);
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowUp}");
    expect(options[1]).toHaveAttribute("aria-selected", "true");
    expect(recipientBox()).toHaveAttribute("aria-activedescendant", options[1]!.id);
    await user.keyboard("{Enter}");

    const card = within(dialog()).getByRole("region", { name: "You are sending to" });
    expect(within(card).getByText("@anders_beats")).toBeInTheDocument();
    expect(within(card).getByText(`ID ${MEMBERS.anders.id}`)).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Change recipient" })).toHaveFocus();
    expect(within(dialog()).queryByRole("combobox")).not.toBeInTheDocument();

    await user.type(screen.getByLabelText("Amount (LOOP)"), "3");
    await submit();
    expect(await screen.findByText("Transfer Successful")).toBeInTheDocument();
    expect(transferCalls(api)[0]!.body).toEqual({ toUserId: MEMBERS.anders.id, amount: "3", description: "" });
  });

  it("picks a member with a click, shows their name, and Change goes back to the lookup", async () => {
    const { user, dialog, submitButton, recipientBox } = setup();
    await user.type(recipientBox(), "bru");
    await user.click(await within(dialog()).findByRole("option", { name: "@bruno Bruno Costa" }));
    const card = within(dialog()).getByRole("region", { name: "You are sending to" });
    expect(within(card).getByText("@bruno")).toBeInTheDocument();
    expect(within(card).getByText("Bruno Costa")).toBeInTheDocument();
    expect(within(card).getByText("BC")).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();

    await user.click(within(card).getByRole("button", { name: "Change recipient" }));
    expect(within(dialog()).queryByRole("region", { name: "You are sending to" })).not.toBeInTheDocument();
    expect(recipientBox()).toHaveFocus();
    expect(recipientBox()).toHaveValue("");
    expect(submitButton()).toBeDisabled();
  });

  it("a pasted account id shows its member", async () => {
    const { user, dialog, api, recipientBox, submit } = setup();
    await user.click(recipientBox());
    await user.paste(` ${MEMBERS.ana.id} `);
    const option = await within(dialog()).findByRole("option", { name: "@ana Ana Silva" });
    expect(lookupQueries(api).at(-1)).toBe(MEMBERS.ana.id);
    await user.click(option);
    expect(within(within(dialog()).getByRole("region", { name: "You are sending to" })).getByText("Ana Silva")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Amount (LOOP)"), "1");
    await submit();
    await waitFor(() => expect(transferCalls(api)).toHaveLength(1));
    expect(transferCalls(api)[0]!.body).toMatchObject({ toUserId: MEMBERS.ana.id });
  });

  it("says 'No member found' when nobody matches; spaces alone are not looked up", async () => {
    const { user, dialog, api, recipientBox } = setup();
    await user.type(recipientBox(), "   ");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(lookupQueries(api)).toEqual([]);
    expect(within(dialog()).queryByText(NO_MEMBER_FOUND)).not.toBeInTheDocument();

    await user.type(recipientBox(), "zed");
    expect(await within(dialog()).findByText(NO_MEMBER_FOUND)).toBeInTheDocument();
    expect(lookupQueries(api).at(-1)).toBe("zed");
    expect(within(dialog()).queryByRole("listbox")).not.toBeInTheDocument();
    expect(recipientBox()).toHaveAttribute("aria-expanded", "false");
    expect(within(dialog()).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("Escape closes the list, not the dialog", async () => {
    const { user, dialog, recipientBox } = setup();
    await user.type(recipientBox(), "an");
    await within(dialog()).findByRole("listbox");
    await user.keyboard("{Escape}");
    expect(within(dialog()).queryByRole("listbox")).not.toBeInTheDocument();
    expect(recipientBox()).toHaveAttribute("aria-expanded", "false");
    expect(dialog()).toBeInTheDocument();
    await user.keyboard("{ArrowDown}");
    expect(await within(dialog()).findByRole("listbox")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("nothing can be sent until a member is picked: the button is off, with a hint", async () => {
    const { user, dialog, submitButton, recipientBox, api } = setup();
    expect(submitButton()).toBeDisabled();
    expect(recipientBox()).toHaveAccessibleDescription(PICK_RECIPIENT_HINT);
    await user.type(recipientBox(), "ana");
    await within(dialog()).findByRole("option", { name: "@ana Ana Silva" });
    await user.type(screen.getByLabelText("Amount (LOOP)"), "5");
    expect(submitButton()).toBeDisabled();
    await user.click(submitButton());
    expect(transferCalls(api)).toHaveLength(0);
  });

  it("asks for the amount once the recipient is picked", async () => {
    const { submit, api, pickRecipient, refusal } = setup();
    await pickRecipient("ana", "ana");
    await submit();
    expect(refusal()).toHaveTextContent(TOKEN_MESSAGES.missing);
    expect(transferCalls(api)).toHaveLength(0);
  });

  it("refuses amounts that are not positive, too precise, above the balance, or a transfer to oneself", async () => {
    const me = { id: ME, username: "me", name: null, profileImageUrl: null };
    const { user, submit, api, pickRecipient, refusal, submitWith } = setup(
      undefined,
      "10.00000000",
      undefined,
      lookupUsersRoute([...Object.values(MEMBERS), me]),
    );
    const amount = screen.getByLabelText("Amount (LOOP)");
    expect(amount).toHaveAttribute("step", "0.00000001");
    await pickRecipient("ana", "ana");
    await user.type(amount, "0");
    await submit();
    expect(refusal()).toHaveTextContent("Amount must be greater than 0");

    await submitWith(amount, "-3");
    expect(refusal()).toHaveTextContent("Amount must be greater than 0");

    await submitWith(amount, "10.00000001");
    expect(refusal()).toHaveTextContent("Insufficient Balance: You don't have enough tokens for this transfer");

    await submitWith(amount, "1.123456789");
    expect(refusal()).toHaveTextContent(TOKEN_MESSAGES.tooPrecise);

    // The API leaves the viewer out of the lookup; were it to list them, the dialog still refuses.
    await user.clear(amount);
    await user.type(amount, "5");
    await user.click(screen.getByRole("button", { name: "Change recipient" }));
    await pickRecipient(ME, "me");
    await submit();
    expect(refusal()).toHaveTextContent(TOKEN_MESSAGES.selfTransfer);
    expect(transferCalls(api)).toHaveLength(0);
  });

  it("says what can be sent, and that promotional LOOP (welcome bonus, level rewards) cannot be", async () => {
    const { user, submit, dialog, api, pickRecipient, refusal } = setup(undefined, "12.50000000", "500.00000000");
    expect(dialog()).toHaveTextContent("Available to send: 12.5 LOOP");
    expect(dialog()).toHaveTextContent("Promotional 500 LOOP: for loops only, not sent or withdrawn");
    await pickRecipient("bruno", "bruno");
    await user.type(screen.getByLabelText("Amount (LOOP)"), "12.50000001");
    await submit();
    expect(refusal()).toHaveTextContent(promotionalRefusalMessage("send", "12.5"));
    expect(refusal()).toHaveTextContent(
      "Promotional LOOP (welcome bonus, level rewards, upload rewards) can be spent on loops but not sent or withdrawn: you can send up to 12.5 LOOP",
    );
    expect(transferCalls(api)).toHaveLength(0);
  });

  it("sends with an Idempotency-Key, toasts success, closes and clears", async () => {
    const { user, submit, api, pickRecipient } = setup();
    await pickRecipient(" bru", "bruno");
    await user.type(screen.getByLabelText("Amount (LOOP)"), "12.5");
    expect(screen.getByText("≈ $0.03 USD")).toBeInTheDocument(); // 0.025 rounds half-up
    await user.type(screen.getByLabelText("Message (optional)"), "for the drums");
    await submit();

    expect(await screen.findByText("Transfer Successful")).toBeInTheDocument();
    expect(screen.getByText("Tokens transferred successfully!")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    const [call] = transferCalls(api);
    expect(call!.body).toEqual({ toUserId: MEMBERS.bruno.id, amount: "12.5", description: "for the drums" });
    expect(call!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);

    await user.click(screen.getByRole("button", { name: "reopen" }));
    expect(await screen.findByRole("combobox", { name: "Recipient" })).toHaveValue("");
    expect(screen.queryByRole("region", { name: "You are sending to" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Amount (LOOP)")).toHaveValue(null);
    expect(screen.getByLabelText("Message (optional)")).toHaveValue("");
  });

  it("shows the server's message in a 'Transfer Failed' toast and keeps the form", async () => {
    const { user, submit, dialog, pickRecipient } = setup(() => json({ message: "Recipient Not Found: No user has this ID" }, 404));
    await pickRecipient("ana", "ana");
    await user.type(screen.getByLabelText("Amount (LOOP)"), "1");
    await submit();
    expect(await screen.findByText("Transfer Failed")).toBeInTheDocument();
    expect(screen.getByText("Recipient Not Found: No user has this ID")).toBeInTheDocument();
    expect(dialog()).toBeInTheDocument();
    expect(within(dialog()).getByRole("region", { name: "You are sending to" })).toHaveTextContent("@ana");
    expect(screen.getByLabelText("Amount (LOOP)")).toHaveValue(1);
  });

  it("falls back to 'Failed to transfer tokens' and retries with the same key after a lost answer", async () => {
    let calls = 0;
    const { user, submit, api, pickRecipient } = setup(() => {
      calls += 1;
      if (calls === 1) throw new TypeError("Failed to fetch");
      return json(makeTransfer(), 201);
    });
    await pickRecipient("ana", "ana");
    await user.type(screen.getByLabelText("Amount (LOOP)"), "1");
    await submit();
    expect(await screen.findByText("Transfer Failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to transfer tokens")).toBeInTheDocument();
    await submit();
    expect(await screen.findByText("Transfer Successful")).toBeInTheDocument();
    const keys = transferCalls(api).map(({ headers }) => headers["idempotency-key"]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});
