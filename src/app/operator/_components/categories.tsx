import { useId } from "react";
import { Field } from "@/app/_components/field";
import { categoryLabel } from "@/app/_components/format";

/** Checkboxes of the catalog's categories; the form reads them as `categories`. */
export function CategoryChecks({
  categories,
  checked = [],
  legend,
}: {
  categories: readonly string[];
  checked?: readonly string[];
  legend: string;
}) {
  return (
    <fieldset className="checks columns">
      <legend>{legend}</legend>
      {categories.map((category) => (
        <label key={category} className="check">
          <input type="checkbox" name="categories" value={category} defaultChecked={checked.includes(category)} />
          <span>{categoryLabel(category)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Labels the catalog's services require, offered as suggestions; a practitioner matches one exactly. */
export function LabelInput({
  labels,
  defaultValue,
  name = "label",
  label = "Label profesi",
  hint,
}: {
  labels: readonly string[];
  defaultValue?: string | null;
  name?: string;
  label?: string;
  hint: string;
}) {
  const listId = useId();
  return (
    <Field
      label={
        <>
          {label} <span className="muted">(opsional)</span>
        </>
      }
      hint={hint}
    >
      {(control) => (
        <>
          <input
            {...control}
            name={name}
            list={listId}
            defaultValue={defaultValue ?? ""}
            maxLength={100}
            placeholder="mis. Advokat"
            autoComplete="off"
          />
          <datalist id={listId}>
            {labels.map((option) => (
              <option key={option} value={option} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}
