/** A members-only page (`MembersOnly`) seen signed out, checked on the page (tests only). */
import { screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { expect, vi } from "vitest";
import type { MembersOnlyPageProps } from "@/components/members-only-page";
import { stubApi } from "@/testing/stub-api";
import { renderWithProviders } from "@/testing/test-utils";

/** Signed out, `Page` shows "Sign In Required" and `text`; its Sign in button calls `onSignIn`; nothing is fetched. */
export async function expectSignInRequired(Page: ComponentType<MembersOnlyPageProps>, text: string): Promise<void> {
  const api = stubApi({});
  const onSignIn = vi.fn();
  const { user } = renderWithProviders(<Page user={null} isLoading={false} onSignIn={onSignIn} />);
  expect(screen.getByRole("heading", { name: "Sign In Required" })).toBeInTheDocument();
  expect(screen.getByText(text)).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "Sign in" }));
  expect(onSignIn).toHaveBeenCalledOnce();
  expect(api.requests).toEqual([]);
}
