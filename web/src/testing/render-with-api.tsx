import { type ReactNode, useState } from "react";
import { Toaster } from "@/components/ui/toaster";
import type { RenderDialog } from "./dialog-harness";
import { type ApiRoutes, stubApi } from "./stub-api";
import { renderWithProviders } from "./test-utils";

/** `ui` with the toaster beside it (loaded at once), its API calls answered by `routes`. */
export function renderWithApi(ui: ReactNode, routes: ApiRoutes) {
  const api = stubApi(routes);
  const result = renderWithProviders(
    <>
      {ui}
      <Toaster />
    </>,
  );
  return { ...result, api };
}

/**
 * A button named `label` that opens the dialog, mounted at the first press as a loop card mounts its
 * dialogs (then opened and closed), e.g. "Buy Deep Night".
 */
export function OpenedByButton({ label, disabled = false, dialog }: { label: string; disabled?: boolean; dialog: RenderDialog }) {
  const [mounted, setMounted] = useState(false);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label={label}
        disabled={disabled}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        {label}
      </button>
      {mounted ? dialog(open, setOpen) : null}
    </>
  );
}
