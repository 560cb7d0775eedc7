/** Opening a way to pay in the Purchase dialog of a rendered loop card, and reading what it posted (tests only). */
import { screen, within } from "@testing-library/react";
import { expect, vi } from "vitest";
import type { renderWithProviders } from "@/testing/test-utils";
import type { stubApi } from "./loop-fixtures";

export async function openPaymentTab(user: ReturnType<typeof renderWithProviders>["user"], title: string, tab: string) {
  const button = await screen.findByRole("button", { name: `Buy ${title}` });
  await vi.waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  const dialog = await screen.findByRole("dialog", { name: `Buy ${title}` });
  await user.click(within(dialog).getByRole("tab", { name: tab }));
  return { dialog, panel: within(dialog).getByRole("tabpanel", { name: tab }) };
}

/** The JSON bodies POSTed to `path`, in order (undefined for a POST without a body). */
export function postedBodies(fetchMock: ReturnType<typeof stubApi>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input) === path && init?.method === "POST")
    .map(([, init]) => (init?.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown)));
}
