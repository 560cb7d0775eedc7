import { AlertCircle } from "lucide-react";

/** Splits "Title: text" (the API's message convention) for display; other messages have no title. */
export function splitMessageTitle(message: string): { title: string | null; text: string } {
  const index = message.indexOf(": ");
  if (index <= 0 || index > 40) return { title: null, text: message };
  return { title: message.slice(0, index), text: message.slice(index + 2) };
}

/** A validation message inside a form or dialog (role="alert"), its "Title:" part in bold. */
export function FormAlert({ message, id }: { message: string; id?: string }) {
  const { title, text } = splitMessageTitle(message);
  return (
    <div id={id} role="alert" className="flex gap-2.5 rounded-lg border border-destructive/50 bg-destructive/10 px-3.5 py-3 text-sm">
      <AlertCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <p>
        {title ? <span className="font-semibold text-rose-200">{`${title}: `}</span> : null}
        <span className="text-rose-100/90">{text}</span>
      </p>
    </div>
  );
}
