import { screen } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";

/** Fills a form as a person would: each value typed into the field of its label, or picked when the field is a select. */
export async function fillFields(user: UserEvent, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label);
    if (field instanceof HTMLSelectElement) await user.selectOptions(field, value);
    else await user.type(field, value);
  }
}
