import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils";
import { Input } from "./input";
import { Label } from "./label";
import { NativeSelect } from "./native-select";
import { Textarea } from "./textarea";

export interface FormFieldProps {
  /** The control's id, which the label names. */
  id: string;
  label: ReactNode;
  /** The control, then whatever goes under it (a hint, a message). */
  children: ReactNode;
  className?: string;
}

/** A form's field: its label over its control. */
export function FormField({ id, label, className, children }: FormFieldProps) {
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

export interface SelectFieldProps<T extends string> extends Omit<ComponentProps<"select">, "id" | "value" | "onChange" | "children"> {
  id: string;
  label: ReactNode;
  value: T;
  options: readonly Exclude<T, "">[];
  /** What each option reads. */
  optionLabels: Record<Exclude<T, "">, string>;
  /** A first option for no choice yet (its value is ""). */
  placeholder?: string;
  onValueChange: (value: T) => void;
  /** What goes under the select (a hint, a message). */
  children?: ReactNode;
}

/** A field that picks one of a fixed list of values, with a native select. */
export function SelectField<T extends string>({
  id,
  label,
  value,
  options,
  optionLabels,
  placeholder,
  onValueChange,
  children,
  ...props
}: SelectFieldProps<T>) {
  return (
    <FormField id={id} label={label}>
      <NativeSelect id={id} value={value} onChange={(event) => onValueChange(event.target.value as T)} {...props}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabels[option]}
          </option>
        ))}
      </NativeSelect>
      {children}
    </FormField>
  );
}

/** A text control's field: the control's own attributes, plus the label and what goes under it. */
type TextFieldProps<P> = Omit<P, "id" | "value" | "onChange" | "children"> & {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  /** What goes under the control (a hint, a message). */
  children?: ReactNode;
};

export type InputFieldProps = TextFieldProps<ComponentProps<typeof Input>>;

/** A one-line text field (label, input, what goes under it). */
export function InputField({ id, label, onValueChange, children, ...props }: InputFieldProps) {
  return (
    <FormField id={id} label={label}>
      <Input id={id} onChange={(event) => onValueChange(event.target.value)} {...props} />
      {children}
    </FormField>
  );
}

export type TextareaFieldProps = TextFieldProps<ComponentProps<typeof Textarea>>;

/** A multi-line text field (label, textarea, what goes under it). */
export function TextareaField({ id, label, onValueChange, children, ...props }: TextareaFieldProps) {
  return (
    <FormField id={id} label={label}>
      <Textarea id={id} onChange={(event) => onValueChange(event.target.value)} {...props} />
      {children}
    </FormField>
  );
}
