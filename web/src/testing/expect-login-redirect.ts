/** The spec's 401 rule, checked on the page (tests only): `reply()` answers 401; the toast shows, and login follows after exactly 500 ms. */
import { act, screen } from "@testing-library/react";
import { expect, vi } from "vitest";
import { fullPageNavigate, LOGIN_URL } from "@/lib/navigation";

/** Needs `@/lib/navigation`'s fullPageNavigate mocked by the calling test file. */
export async function expectLoginRedirectAfter401(reply: () => void): Promise<void> {
  vi.useFakeTimers();
  reply();
  // Let the answer reach the page without moving the clock.
  for (let i = 0; i < 50 && !screen.queryByText("Unauthorized"); i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  }
  expect(screen.getByText("Unauthorized")).toBeInTheDocument();
  expect(screen.getByText("You are logged out. Logging in again...")).toBeInTheDocument();
  await act(async () => {
    await vi.advanceTimersByTimeAsync(499);
  });
  expect(fullPageNavigate).not.toHaveBeenCalled();
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1);
  });
  expect(fullPageNavigate).toHaveBeenCalledExactlyOnceWith(LOGIN_URL);
}
