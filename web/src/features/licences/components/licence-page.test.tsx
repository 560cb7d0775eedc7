import type { Licence } from "@loop/rules/schemas/licences";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatDate } from "@/lib/format";
import { json, SIGNED_OUT, stubApi } from "@/testing/stub-api";
import { makeUser, renderApp } from "@/testing/test-utils";

const ID = "8a1c0000-0000-4000-8000-000000000001";

function makeLicence(overrides: Partial<Licence> = {}): Licence {
  return {
    id: ID,
    version: 1,
    status: "valid",
    revokedAt: null,
    issuedAt: "2026-11-30T08:00:00.000Z",
    loop: { id: "7c000000-0000-4000-8000-000000000001", title: "Deep Night 東京" },
    creator: { id: "5b0e6f0a-0000-4000-8000-000000000001", username: "mia", name: "Mia Loop" },
    buyer: { id: "6c0e6f0a-0000-4000-8000-000000000002", username: "nightowl" },
    format: "wav",
    price: "1.00",
    fee: "0.04",
    total: "1.04",
    loopAmount: "520.00000000",
    method: "wallet",
    purchaseId: "9b000000-0000-4000-8000-000000000001",
    chain: {
      chainId: 31337,
      name: "Hardhat (local)",
      contract: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
      txHash: `0x${"ab".repeat(32)}`,
    },
    verifyUrl: `/licences/${ID}`,
    ownedByMe: false,
    ...overrides,
  };
}

describe("/licences/:licenceId", () => {
  it("a valid licence, signed out: 'Valid', every fact exactly, the terms, and no PDF for a visitor", async () => {
    stubApi({ ...SIGNED_OUT, [`GET /api/licences/${ID}`]: () => json(makeLicence()) });
    renderApp(`/licences/${ID}`);
    const status = await screen.findByTestId("licence-status");
    expect(status).toHaveTextContent("Valid");
    expect(status).toHaveTextContent("@nightowl may use this loop");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Deep Night 東京 (WAV)");
    const facts = screen.getByRole("heading", { name: "The facts" }).closest("section")!;
    for (const text of [
      ID,
      "Version 1",
      "Mia Loop (@mia)",
      "@nightowl",
      "$1.00 USD",
      "$0.04 USD",
      "$1.04 USD (520 LOOP)",
      "LOOP from a wallet (on chain)",
      "Hardhat (local) (id 31337)",
      "0x5fbdb2315678afecb367f032d93f642f64180aa3",
      `0x${"ab".repeat(32)}`,
      "9b000000-0000-4000-8000-000000000001",
    ]) {
      expect(facts).toHaveTextContent(text);
    }
    expect(within(facts).getByRole("link", { name: "Mia Loop (@mia)" })).toHaveAttribute(
      "href",
      "/profile/5b0e6f0a-0000-4000-8000-000000000001",
    );
    // The loop's title opens the loop's page (issue 36).
    expect(within(facts).getByRole("link", { name: "Deep Night 東京" })).toHaveAttribute(
      "href",
      "/loops/7c000000-0000-4000-8000-000000000001",
    );
    // Both members by their profile (their handle as it is now) and their account's id.
    expect(within(facts).getByRole("link", { name: "@nightowl" })).toHaveAttribute("href", "/profile/6c0e6f0a-0000-4000-8000-000000000002");
    expect(facts).toHaveTextContent("Account 5b0e6f0a-0000-4000-8000-000000000001");
    expect(facts).toHaveTextContent("Account 6c0e6f0a-0000-4000-8000-000000000002");
    expect(screen.getByText(/No resale or redistribution of the loop as a sample/)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Download PDF/ })).not.toBeInTheDocument();
  });

  it("its buyer gets Download PDF", async () => {
    stubApi({
      "GET /api/auth/user": () => json(makeUser({ username: "nightowl" })),
      [`GET /api/licences/${ID}`]: () => json(makeLicence({ ownedByMe: true, chain: null, method: "loop" })),
    });
    renderApp(`/licences/${ID}`);
    const pdf = await screen.findByRole("link", { name: /Download PDF/ });
    expect(pdf).toHaveAttribute("href", `/api/licences/${ID}/pdf`);
    expect(screen.queryByText("Chain")).not.toBeInTheDocument();
  });

  it("a free loop's download (no purchase): 'Free download' where the purchase id would be, and the date of download", async () => {
    stubApi({
      ...SIGNED_OUT,
      [`GET /api/licences/${ID}`]: () =>
        json(
          makeLicence({
            purchaseId: null,
            method: "free",
            price: "0.00",
            fee: "0.00",
            total: "0.00",
            loopAmount: null,
            chain: null,
          }),
        ),
    });
    renderApp(`/licences/${ID}`);
    expect(await screen.findByTestId("licence-status")).toHaveTextContent("Valid");
    const facts = screen.getByRole("heading", { name: "The facts" }).closest("section")!;
    const fact = (label: string) => within(facts).getByText(label, { selector: "dt" }).nextElementSibling;
    expect(fact("Purchase")).toHaveTextContent(/^Free download$/);
    expect(fact("Paid with")).toHaveTextContent(/^Free download$/);
    expect(fact("Total paid")).toHaveTextContent(/^\$0\.00 USD$/);
    expect(fact("Date of download")).toBeInTheDocument();
    expect(within(facts).queryByText("Date of purchase")).not.toBeInTheDocument();
    expect(within(facts).queryByText("Chain")).not.toBeInTheDocument();
  });

  it("a refunded purchase's licence reads 'Revoked on <date>'", async () => {
    const revokedAt = "2026-12-02T10:30:00.000Z";
    stubApi({ ...SIGNED_OUT, [`GET /api/licences/${ID}`]: () => json(makeLicence({ status: "revoked", revokedAt })) });
    renderApp(`/licences/${ID}`);
    const status = await screen.findByTestId("licence-status");
    expect(status).toHaveTextContent(`Revoked on ${formatDate(revokedAt)}`);
    expect(status).not.toHaveTextContent("Valid");
    expect(status).toHaveTextContent("refunded or reversed");
  });

  it("an unknown id reads 'Licence Not Found'", async () => {
    stubApi({ ...SIGNED_OUT, "GET /api/licences/:id": () => json({ message: "Licence Not Found" }, 404) });
    renderApp("/licences/nope");
    expect(await screen.findByRole("heading", { name: "Licence Not Found" })).toBeInTheDocument();
  });
});
