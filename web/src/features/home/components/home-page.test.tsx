import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, makeUser, renderApp, stubFetch } from "@/testing/test-utils";

describe("signed-in home", () => {
  it("welcomes the user with their level badge and account summary", async () => {
    stubFetch({ "/api/auth/user": () => json(makeUser({ username: "nightowl", level: 12, experience: 7000, walletAddress: "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01" })) });
    renderApp("/");
    expect(await screen.findByTestId("home-welcome")).toHaveTextContent("Hi, nightowl");
    expect(screen.getAllByLabelText("Level 12 Advanced").length).toBeGreaterThan(0);
    expect(screen.getByTestId("badge-tier")).toHaveTextContent("award");
    expect(screen.getByText("beats@example.com")).toBeInTheDocument();
    expect(screen.getByText("0xAbCd...Ef01")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Logout" })).toBeInTheDocument();
  });

  it("/home is not a page when signed out", async () => {
    stubFetch({ "/api/auth/user": () => json({ message: "Unauthorized" }, 401) });
    renderApp("/home");
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeInTheDocument();
  });
});
