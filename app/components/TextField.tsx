// A text input with its label and error drawn as Mantine's TextInput (default variant) by plain elements and app.css:
// the header's search, the newsletter's and the alert form's email boxes are on every feed page (see SelectField.tsx).
// An error marks the input invalid and is announced with it (aria-describedby), as Mantine's is.
import { forwardRef, type CSSProperties, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import { useFieldId } from "./SelectField";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "size"> & {
  /** The visible label; without one, give the input an aria-label. */
  label?: string;
  /** A line under the label, announced with the input (aria-describedby), as Mantine's description is. */
  description?: string;
  error?: string;
  /** An icon drawn inside the box, before the text (the header's search). */
  leftSection?: ReactNode;
  /** `md` for the header's search; `sm` otherwise. */
  size?: "sm" | "md";
  className?: string;
  style?: CSSProperties;
};

export const TextField = forwardRef<HTMLInputElement, Props>(function TextField(
  { label, description, error, leftSection, size = "sm", className, style, ...input },
  ref,
) {
  const id = useFieldId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className ? `text-field ${className}` : "text-field"} style={style}>
      {label ? (
        <label htmlFor={id} className="select-field-label">
          {label}
        </label>
      ) : null}
      {description ? (
        <p id={descriptionId} className="field-description">
          {description}
        </p>
      ) : null}
      <div className="select-field-box">
        {leftSection ? <span className="text-field-section">{leftSection}</span> : null}
        <input
          ref={ref}
          id={id}
          className={`text-field-input is-${size}${leftSection ? " with-section" : ""}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
});

type AreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className"> & { label: string };

/** A labelled textarea drawn as Mantine's Textarea (size sm, default variant): the feedback form's details. */
export function TextAreaField({ label, ...textarea }: AreaProps) {
  const id = useFieldId();
  return (
    <div className="text-field">
      <label htmlFor={id} className="select-field-label">
        {label}
      </label>
      <div className="select-field-box">
        <textarea id={id} className="text-field-input is-multiline" {...textarea} />
      </div>
    </div>
  );
}
