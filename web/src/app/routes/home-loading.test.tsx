import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { JoinDialogProvider } from "@/features/auth/components/join-dialog-provider";
import { json, stubApi } from "@/testing/stub-api";
import { makeUser, renderWithProviders } from "@/testing/test-utils";
import { HomeLoading } from "./home-loading";

describe("/home while its code loads", () => {
  it("a visitor sees the page's hero, whose Sign Up / Login already opens Join, with the catalog's spinner below", async () => {
    stubApi({ "GET /api/auth/user": () => json({ message: "Unauthorized" }, 401) });
    const { user } = renderWithProviders(
      <JoinDialogProvider>
        <HomeLoading />
      </JoinDialogProvider>,
      "/home",
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Find your next loop" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    await user.click(screen.getByRole("button", { name: "Sign Up / Login" }));
    expect(await screen.findByRole("dialog", { name: "Join" })).toBeInTheDocument();
  });

  it("a member sees the spinner: their hero needs their account", async () => {
    const api = stubApi({ "GET /api/auth/user": () => json(makeUser()) });
    renderWithProviders(
      <JoinDialogProvider>
        <HomeLoading />
      </JoinDialogProvider>,
      "/home",
    );
    await waitFor(() => expect(api.calls("GET /api/auth/user")).toHaveLength(1));
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    expect(screen.queryByRole("heading", { name: "Find your next loop" })).not.toBeInTheDocument();
  });
});
