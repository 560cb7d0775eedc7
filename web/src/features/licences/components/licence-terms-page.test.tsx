import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SIGNED_OUT, stubApi } from "@/testing/stub-api";
import { renderApp } from "@/testing/test-utils";

describe("/licence", () => {
  it("shows the licence's full text to anyone: what the buyer may do, may not do, and what stays with the creator", async () => {
    stubApi(SIGNED_OUT);
    renderApp("/licence");
    expect(await screen.findByRole("heading", { level: 1, name: "The LOOP licence (version 1)" })).toBeInTheDocument();
    for (const name of ["What the buyer may do", "What the buyer may not do", "What stays with the creator", "Verifying a licence"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByText("Royalty-free")).toBeInTheDocument();
    expect(screen.getByText(/must always be part of a larger production/)).toBeInTheDocument();
  });
});
