import { screen, within } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { type ApiRoutes, stubApi } from "./stub-api";
import { renderWithToasts } from "./test-utils";

/** Renders a dialog as its page does: open at first, closed by itself. */
export type RenderDialog = (open: boolean, onOpenChange: (open: boolean) => void) => ReactNode;

function DialogHarness({ dialog, reopen }: { dialog: RenderDialog; reopen: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      {reopen ? (
        <button type="button" onClick={() => setOpen(true)}>
          reopen
        </button>
      ) : null}
      {dialog(open, setOpen)}
    </>
  );
}

export interface DialogSetup {
  /** The API as the dialog finds it. */
  routes: ApiRoutes;
  /** The dialog's name, and its submit button's. */
  title: string;
  submitLabel: string;
  dialog: RenderDialog;
  /** A "reopen" button beside the dialog, to check what it shows when opened again (default: none). */
  reopen?: boolean;
  /** How the feature renders its components (default: `renderWithToasts`). */
  render?: (ui: ReactNode) => ReturnType<typeof renderWithToasts>;
}

/**
 * Renders a form dialog, open, against a stubbed API: `dialog()` finds it by its name,
 * `submitButton()` is its submit button and `submit()` presses it; `submitWith(field, text)` types
 * `text` in place of the field's value, then submits; `refusal()` is the dialog's error message.
 */
export function setupDialog({ routes, title, submitLabel, dialog, reopen = false, render = renderWithToasts }: DialogSetup) {
  const api = stubApi(routes);
  const rendered = render(<DialogHarness dialog={dialog} reopen={reopen} />);
  const getDialog = () => screen.getByRole("dialog", { name: title });
  const submitButton = () => within(getDialog()).getByRole("button", { name: submitLabel });
  const submit = () => rendered.user.click(submitButton());
  const submitWith = async (field: HTMLElement, text: string) => {
    await rendered.user.clear(field);
    await rendered.user.type(field, text);
    await submit();
  };
  const refusal = () => within(getDialog()).getByRole("alert");
  return { ...rendered, api, dialog: getDialog, submitButton, submit, submitWith, refusal };
}
