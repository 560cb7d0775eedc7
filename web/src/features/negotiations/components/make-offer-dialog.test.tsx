import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { TOKEN_BALANCE_QUERY_KEY } from "@/lib/get-token-balance";
import { fullPageNavigate } from "@/lib/navigation";
import { NEGOTIATIONS_QUERY_KEY } from "@/lib/query-keys";
import { makeLoop } from "@/testing/make-loop";
import { makeNegotiation } from "@/testing/make-negotiation";
import { type ApiHandler, json } from "@/testing/stub-api";
import { renderWithProviders } from "@/testing/test-utils";
import { signedIn } from "@/testing/viewer";
import { renderMakeOffer } from "../testing/render-make-offer";

vi.mock("@/lib/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/navigation")>()),
  fullPageNavigate: vi.fn(),
}));

const balance = (available: string) => () => json({ balance: available, available, held: "0.00000000" });

async function openOffer(user: ReturnType<typeof renderWithProviders>["user"], title: string) {
  await user.click(await screen.findByRole("button", { name: `Make Offer on ${title}` }));
  return screen.findByRole("dialog", { name: `Make an Offer on ${title}` });
}

beforeEach(() => vi.mocked(fullPageNavigate).mockClear());
describe("Make Offer dialog", () => {
  it("shows the price; Send Offer stays disabled until the amount is valid and below the price", async () => {
    const { user } = renderMakeOffer(makeLoop({ title: "Deep Night", price: "12.50" }), {
      "GET /api/auth/user": signedIn,
      "GET /api/tokens/balance": balance("10000.00000000"),
    });
    const dialog = await openOffer(user, "Deep Night");
    const amount = within(dialog).getByLabelText("Your offer (USD)");
    const send = within(dialog).getByRole("button", { name: "Send Offer" });

    expect(within(dialog).getByTestId("offer-price")).toHaveTextContent("Price: $12.50");
    expect(amount).toHaveAttribute("step", "0.01");
    expect(amount).toHaveAttribute("min", "0.01");
    expect(send).toBeDisabled();

    /** Offers `text` instead of the amount typed so far. */
    const offer = async (text: string) => {
      await user.clear(amount);
      await user.type(amount, text);
    };
    // Each amount refused, and the refusal shown (0.25 is below the platform's minimum offer: a setting, $0.50 by default).
    const refused: [text: string, refusal: string | null][] = [
      ["12.50", "Offer Too High"],
      ["0", "Invalid Amount"],
      ["0.25", "Offer Too Low: The smallest offer is $0.50"],
      ["1.234", null],
    ];
    for (const [text, refusal] of refused) {
      await offer(text);
      expect(send).toBeDisabled();
      if (refusal) expect(dialog).toHaveTextContent(refusal);
    }

    await offer("10");
    expect(send).toBeEnabled();
    expect(within(dialog).queryByText(/Offer Too High|Invalid Amount/)).not.toBeInTheDocument();
  });

  it("shows the fee and the LOOP to be held for the chosen format (500 LOOP per USD)", async () => {
    const { user } = renderMakeOffer(makeLoop({ title: "Deep Night", price: "12.50" }), {
      "GET /api/auth/user": signedIn,
      "GET /api/tokens/balance": balance("10000.00000000"),
    });
    const dialog = await openOffer(user, "Deep Night");
    await user.type(within(dialog).getByLabelText("Your offer (USD)"), "10");

    // $10.00 + 2% = $10.20 → 5,100 LOOP.
    const summary = within(dialog).getByTestId("offer-summary");
    expect(summary).toHaveTextContent("$10.00");
    expect(summary).toHaveTextContent("Marketplace fee (MP3 2%)$0.20");
    expect(summary).toHaveTextContent("$10.20");
    expect(within(dialog).getByTestId("offer-held")).toHaveTextContent("Held from your LOOP balance: 5,100 LOOP");

    // WAV: $10.00 + 4% = $10.40 → 5,200 LOOP.
    await user.click(within(dialog).getByRole("radio", { name: /WAV/ }));
    expect(summary).toHaveTextContent("Marketplace fee (WAV 4%)$0.40");
    expect(within(dialog).getByTestId("offer-held")).toHaveTextContent("Held from your LOOP balance: 5,200 LOOP");
  });

  it("owning the MP3: opens on the WAV with the MP3 marked Owned and disabled, and offers for the WAV", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "12.50", isPurchased: true, purchasedFormats: ["mp3"] });
    const { user, api } = renderMakeOffer(loop, {
      "GET /api/auth/user": signedIn,
      "GET /api/tokens/balance": balance("10000.00000000"),
      "POST /api/negotiations": () => json(makeNegotiation({ offerAmount: "10.00", format: "wav" }), 201),
    });
    const dialog = await openOffer(user, "Deep Night");
    const mp3 = within(dialog).getByRole("radio", { name: /MP3/ });
    expect(mp3).toBeDisabled();
    expect(mp3.closest("label")).toHaveTextContent("Owned");
    expect(within(dialog).getByRole("radio", { name: /WAV/ })).toBeChecked();
    await user.type(within(dialog).getByLabelText("Your offer (USD)"), "10");
    expect(within(dialog).getByTestId("offer-summary")).toHaveTextContent("Marketplace fee (WAV 4%)$0.40");
    await user.click(within(dialog).getByRole("button", { name: "Send Offer" }));
    expect(await screen.findByText("Offer Sent")).toBeInTheDocument();
    expect(api.bodies("POST /api/negotiations")).toEqual([{ loopId: loop.id, format: "wav", offerAmount: "10.00" }]);
  });

  it("counts the optional message up to 500 characters", async () => {
    const { user } = renderMakeOffer(makeLoop({ title: "Deep Night" }), { "GET /api/auth/user": signedIn });
    const dialog = await openOffer(user, "Deep Night");
    const message = within(dialog).getByLabelText("Message (optional)");
    expect(message).toHaveAttribute("maxLength", "500");
    expect(dialog).toHaveTextContent("0/500");
    await user.type(message, "Hello");
    expect(dialog).toHaveTextContent("5/500");
  });

  it("posts {loopId, format, offerAmount, message}, says 'Offer Sent', closes and refreshes the offers and the balance", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "12.50" });
    const post = vi.fn<ApiHandler>(() => json(makeNegotiation({ offerAmount: "9.50", format: "wav" }), 201));
    const { user, api, queryClient } = renderMakeOffer(loop, {
      "GET /api/auth/user": signedIn,
      "GET /api/tokens/balance": balance("10000.00000000"),
      "POST /api/negotiations": post,
    });
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    const dialog = await openOffer(user, "Deep Night");
    await user.click(within(dialog).getByRole("radio", { name: /WAV/ }));
    await user.type(within(dialog).getByLabelText("Your offer (USD)"), "9.5");
    await user.type(within(dialog).getByLabelText("Message (optional)"), "  For my EP  ");
    await user.click(within(dialog).getByRole("button", { name: "Send Offer" }));

    expect(await screen.findByText("Offer Sent")).toBeInTheDocument();
    expect(screen.getByText("Your offer of $9.50 for Deep Night was sent to the creator.")).toBeInTheDocument();
    expect(api.bodies("POST /api/negotiations")).toEqual([{ loopId: loop.id, format: "wav", offerAmount: "9.50", message: "For my EP" }]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: NEGOTIATIONS_QUERY_KEY });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: TOKEN_BALANCE_QUERY_KEY });
  });

  it("leaves the message out when empty", async () => {
    const loop = makeLoop({ title: "Deep Night", price: "12.50" });
    const { user, api } = renderMakeOffer(loop, {
      "GET /api/auth/user": signedIn,
      "POST /api/negotiations": () => json(makeNegotiation(), 201),
    });
    const dialog = await openOffer(user, "Deep Night");
    await user.type(within(dialog).getByLabelText("Your offer (USD)"), "10");
    await user.click(within(dialog).getByRole("button", { name: "Send Offer" }));
    expect(await screen.findByText("Offer Sent")).toBeInTheDocument();
    expect(api.bodies("POST /api/negotiations")).toEqual([{ loopId: loop.id, format: "mp3", offerAmount: "10.00" }]);
  });

  it("a refusal says 'Offer Failed' with the server's message and keeps the dialog open", async () => {
    const message = "Insufficient Balance: You need 5100 LOOP tokens but only have 20";
    const { user } = renderMakeOffer(makeLoop({ title: "Deep Night", price: "12.50" }), {
      "GET /api/auth/user": signedIn,
      "POST /api/negotiations": () => json({ message }, 400),
    });
    const dialog = await openOffer(user, "Deep Night");
    await user.type(within(dialog).getByLabelText("Your offer (USD)"), "10");
    await user.click(within(dialog).getByRole("button", { name: "Send Offer" }));
    expect(await screen.findByText("Offer Failed")).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Make an Offer on Deep Night" })).toBeInTheDocument();
  });
});
