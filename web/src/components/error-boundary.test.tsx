import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { lazy, Suspense } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pageReloader } from "@/lib/chunk-reload";
import { stubApi } from "@/testing/stub-api";
import { ErrorBoundary } from "./error-boundary";

const reported = () => new Response(null, { status: 204 });

/** Throws while `broken.now` is true. */
const broken = { now: true };
function Fragile() {
  if (broken.now) throw new Error("Cannot read properties of undefined (reading 'title')");
  return <p>Loop page</p>;
}

describe("ErrorBoundary", () => {
  beforeEach(() => {
    sessionStorage.clear();
    broken.now = true;
    // React logs every caught error: keep the output readable.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it("a render error shows the error page (not a blank page), reports it to the API, and Try again renders again", async () => {
    const api = stubApi({ "POST /api/client-errors": reported });
    const user = userEvent.setup();
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    // The error page is loaded when it is needed.
    const page = await screen.findByRole("alert");
    expect(page).toHaveTextContent("Something went wrong");
    expect(screen.getByRole("link", { name: "Back to LOOP" })).toHaveAttribute("href", "/");

    await waitFor(() => expect(api.calls("POST /api/client-errors")).toHaveLength(1));
    const [body] = api.bodies("POST /api/client-errors") as { message: string; stack?: string; url: string }[];
    expect(body!.message).toBe("Error: Cannot read properties of undefined (reading 'title')");
    expect(body!.url).toBe(window.location.href);
    expect(body!.stack).toContain("Fragile");

    broken.now = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(screen.getByText("Loop page")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("with a fallback (the player bar), an error shows the fallback instead of the error page, and is still reported", async () => {
    const api = stubApi({ "POST /api/client-errors": reported });
    render(
      <>
        <p>The page above</p>
        <ErrorBoundary fallback={null}>
          <Fragile />
        </ErrorBoundary>
      </>,
    );
    expect(screen.getByText("The page above")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await waitFor(() => expect(api.calls("POST /api/client-errors")).toHaveLength(1));
  });

  it("a new resetKey (another page) clears the error", () => {
    stubApi({ "POST /api/client-errors": reported });
    const { rerender } = render(
      <ErrorBoundary resetKey="/a">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("alert")).toBeInTheDocument();
    broken.now = false;
    rerender(
      <ErrorBoundary resetKey="/b">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByText("Loop page")).toBeInTheDocument();
  });

  it("a lazy chunk that fails to load (a deploy) reloads the page once; failing again after it shows the error page", async () => {
    const api = stubApi({ "POST /api/client-errors": reported });
    const reload = vi.spyOn(pageReloader, "reload").mockImplementation(() => undefined);
    const missing = () =>
      lazy(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/loop-page-abc.js")));
    const Page = missing();
    const first = render(
      <ErrorBoundary>
        <Suspense fallback={<p>Loading</p>}>
          <Page />
        </Suspense>
      </ErrorBoundary>,
    );
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Loading the latest version of LOOP");
    first.unmount();

    // The reloaded page (same build here) fails again: no second reload, the error page, reported.
    const Again = missing();
    render(
      <ErrorBoundary>
        <Suspense fallback={<p>Loading</p>}>
          <Again />
        </Suspense>
      </ErrorBoundary>,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("Something went wrong");
    expect(reload).toHaveBeenCalledOnce();
    await waitFor(() => expect(api.calls("POST /api/client-errors")).toHaveLength(1));
    expect((api.bodies("POST /api/client-errors")[0] as { message: string }).message).toMatch(
      /Failed to fetch dynamically imported module/,
    );
  });

  it("an ordinary render error never reloads the page", async () => {
    stubApi({ "POST /api/client-errors": reported });
    const reload = vi.spyOn(pageReloader, "reload").mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("alert")).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
