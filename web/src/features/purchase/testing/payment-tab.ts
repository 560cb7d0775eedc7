/** Opening a way to pay in the Purchase dialog of a rendered loop card (tests only). */
import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { renderWithProviders } from "@/testing/test-utils";

export async function openPaymentTab(user: ReturnType<typeof renderWithProviders>["user"], title: string, tab: string) {
  const button = await screen.findByRole("button", { name: `Buy ${title}` });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  const dialog = await screen.findByRole("dialog", { name: `Buy ${title}` });
  await user.click(within(dialog).getByRole("tab", { name: tab }));
  return { dialog, panel: within(dialog).getByRole("tabpanel", { name: tab }) };
}
