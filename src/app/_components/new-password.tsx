import { Field } from "./field";

/** Why a new password typed twice is refused, as the person reads it; null when it may be sent. */
export function newPasswordProblem(password: string, repeat: string, minPasswordLength: number): string | null {
  if (password.length < minPasswordLength) return `Kata sandi paling sedikit ${minPasswordLength} karakter.`;
  if (password !== repeat) return "Kedua kata sandi tidak sama. Ketik ulang keduanya.";
  return null;
}

/** A new password and its repetition, read from the form as `password` and `repeat`. */
export function NewPasswordFields({
  minPasswordLength,
  label,
  repeatLabel,
}: {
  minPasswordLength: number;
  label: string;
  repeatLabel: string;
}) {
  return (
    <>
      <Field label={label} hint={`Paling sedikit ${minPasswordLength} karakter.`}>
        {(control) => (
          <input
            {...control}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={minPasswordLength}
            maxLength={200}
          />
        )}
      </Field>
      <Field label={repeatLabel}>
        {(control) => <input {...control} name="repeat" type="password" autoComplete="new-password" required maxLength={200} />}
      </Field>
    </>
  );
}
