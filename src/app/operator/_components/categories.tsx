import { useId } from "react";
import { categoryLabel } from "@/app/_components/format";
import { CREDENTIAL_KIND_NAME, CREDENTIAL_KINDS, type CredentialKind } from "@/server/domain/practitioners/credentials";

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

/**
 * Checkboxes of the credential kinds a service requires; the form reads them as `requires`. A
 * practitioner is offered the service only holding every one checked, verified and still valid.
 */
export function CredentialKindChecks({
  value,
  onChange,
  hint,
}: {
  value: readonly CredentialKind[];
  onChange: (value: CredentialKind[]) => void;
  hint: string;
}) {
  const hintId = useId();
  return (
    <fieldset className="checks columns" aria-describedby={hintId}>
      <legend>Kredensial yang disyaratkan</legend>
      <p id={hintId} className="hint checks-hint">
        {hint}
      </p>
      {CREDENTIAL_KINDS.map((kind) => (
        <label key={kind} className="check">
          <input
            type="checkbox"
            name="requires"
            value={kind}
            checked={value.includes(kind)}
            // In the catalog's order, so an unchanged choice compares equal.
            onChange={(event) => onChange(CREDENTIAL_KINDS.filter((k) => (k === kind ? event.target.checked : value.includes(k))))}
          />
          <span>{CREDENTIAL_KIND_NAME[kind]}</span>
        </label>
      ))}
    </fieldset>
  );
}
