// A labelled native select drawn as Mantine's NativeSelect (size sm, default variant) by plain elements and app.css:
// the feed's six pickers and the alert form's are on every feed page, and Mantine's input components cost more to
// render on the server than everything else in the filter form together (docs/benchmarks.md, "The render path").
import { useId, type SelectHTMLAttributes } from "react";
import { IconSelector } from "./icons";

export type SelectOption = { value: string; label: string };

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "className" | "children"> & {
  label: string;
  options: SelectOption[];
  /** The wrapper's class, for its width. */
  className?: string;
};

export function SelectField({ label, options, className, ...select }: Props) {
  const id = useFieldId();
  return (
    <div className={className ? `select-field ${className}` : "select-field"}>
      <label htmlFor={id} className="select-field-label">
        {label}
      </label>
      <div className="select-field-box">
        <select id={id} className="select-field-input" {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <IconSelector className="select-field-chevron" />
      </div>
    </div>
  );
}

/** A field's element id, the same on the server and in the browser: React's id without its colons, which an id may not begin with. */
export function useFieldId() {
  return `field-${useId().replace(/:/g, "")}`;
}
