/** The texts of what a list or a select holds, in order (tests only). */
import { type ByRoleMatcher, within } from "@testing-library/react";

/** The text of each element of `role` inside `container` ("listitem" of a list, "option" of a select), in order. */
export function textsByRole(container: HTMLElement, role: ByRoleMatcher): (string | null)[] {
  return within(container)
    .getAllByRole(role)
    .map((element) => element.textContent);
}
