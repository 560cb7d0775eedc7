import { useState } from "react";

/**
 * A form's values and its one message (a refusal shown in the dialog's error area). Changing a field
 * clears the message, which was about the previous input; `reset(values)` starts over.
 */
export function useFormValues<V extends object>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [error, setError] = useState<string | null>(null);

  const set = <K extends keyof V>(name: K, value: V[K]) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setError(null);
  };

  /** A field's value and change handler, for `InputField`, `TextareaField` and `SelectField`. */
  const field = <K extends keyof V>(name: K) => ({ value: values[name], onValueChange: (value: V[K]) => set(name, value) });

  const reset = (next: V) => {
    setValues(next);
    setError(null);
  };

  return { values, set, field, error, setError, reset };
}
