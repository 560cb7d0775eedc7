import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SIGNED_OUT, stubApi } from "@/testing/stub-api";
import { renderApp } from "@/testing/test-utils";

describe("not-found page", () => {
  it.each(["/no-such-page", "/admin/no-such-page"])("shows the 404 texts at %s", async (path) => {
    stubApi(SIGNED_OUT);
    renderApp(path);
    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeInTheDocument();
    expect(screen.getByText("Did you forget to add the page to the router?")).toBeInTheDocument();
  });
});
