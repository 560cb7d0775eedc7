import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Send } from "lucide-react";
import { type FormEvent, useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { FormDialog, type FormDialogProps } from "./form-dialog";

type HarnessProps = Partial<Omit<FormDialogProps, "open" | "onOpenChange">> & { onOpenChange?: (open: boolean) => void };

/** A FormDialog that opens and closes as a page's would, with one field. */
function Harness({ onOpenChange, ...props }: HarnessProps) {
  const [open, setOpen] = useState(true);
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange?.(next);
        setOpen(next);
      }}
      title="Send Note"
      description="A note to yourself."
      submitLabel="Send"
      onSubmit={(event: FormEvent) => event.preventDefault()}
      {...props}
    >
      <label htmlFor="note">Note</label>
      <input id="note" required />
    </FormDialog>
  );
}

const dialog = () => screen.getByRole("dialog", { name: "Send Note" });

describe("FormDialog", () => {
  it("shows the title, description and fields, and submits without the browser's validation", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    render(<Harness onSubmit={onSubmit} icon={Send} submitIcon={Send} />);
    expect(within(dialog()).getByText("A note to yourself.")).toBeInTheDocument();
    expect(within(dialog()).getByLabelText("Note")).toBeInTheDocument();
    // noValidate: the empty required field does not stop the submit, the page checks it with its schema.
    await user.click(within(dialog()).getByRole("button", { name: "Send" }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(within(dialog()).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows the error message in the error area (role=alert), with its title in bold", () => {
    render(<Harness error="Title Required: Please enter a title." errorId="note-error" />);
    const alert = within(dialog()).getByRole("alert");
    expect(alert).toHaveTextContent("Title Required: Please enter a title.");
    expect(alert).toHaveAttribute("id", "note-error");
    expect(within(alert).getByText("Title Required:")).toHaveClass("font-semibold");
  });

  it("while pending: the submit button shows it (spinner, pending text) and is disabled", () => {
    const { rerender } = render(<Harness pending pendingLabel="Sending..." submitIcon={Send} />);
    const pendingButton = within(dialog()).getByRole("button", { name: "Sending..." });
    expect(pendingButton).toBeDisabled();
    expect(pendingButton.querySelector(".animate-spin")).not.toBeNull();

    rerender(<Harness pendingLabel="Sending..." submitIcon={Send} />);
    const idle = within(dialog()).getByRole("button", { name: "Send" });
    expect(idle).toBeEnabled();
    expect(idle.querySelector(".animate-spin")).toBeNull();

    rerender(<Harness submitDisabled />);
    expect(within(dialog()).getByRole("button", { name: "Send" })).toBeDisabled();
  });

  it("Cancel closes the dialog, or does what the page says", async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<Harness onOpenChange={onOpenChange} />);
    await user.click(within(dialog()).getByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    const onCancel = vi.fn();
    render(<Harness onCancel={onCancel} cancelLabel="Hide" />);
    await user.click(within(dialog()).getByRole("button", { name: "Hide" }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(dialog()).toBeInTheDocument();
  });

  it("Cancel can be disabled, and a pending dialog that keeps open is not closed by Escape", async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(<Harness onOpenChange={onOpenChange} pending keepOpenWhilePending cancelDisabled />);
    expect(within(dialog()).getByRole("button", { name: "Cancel" })).toBeDisabled();
    await user.keyboard("{Escape}");
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(dialog()).toBeInTheDocument();
  });

  it("a state that is not the form is shown in its place, under the same title", () => {
    render(<Harness statusView={<p role="status">Uploading…</p>} />);
    expect(within(dialog()).getByRole("status")).toHaveTextContent("Uploading…");
    expect(within(dialog()).queryByLabelText("Note")).not.toBeInTheDocument();
    expect(within(dialog()).queryByRole("button", { name: "Send" })).not.toBeInTheDocument();
  });
});
