import { Field } from "@/app/_components/field";

/** The fixed bank list and the account number's length, as the server's bank-account rule gives them. */
export interface BankChoices {
  banks: ReadonlyArray<{ code: string; name: string }>;
  digits: { min: number; max: number };
}

/**
 * A bank from the fixed list and an account number (fields `bankCode` and `accountNumber`): what
 * every form naming a bank account asks, the practitioner's own and the platform's for top-ups.
 */
export function BankAndNumberFields({
  banks,
  digits,
  bankHint,
  current,
}: BankChoices & { bankHint?: string; current?: { bankCode: string; accountNumber: string } | null }) {
  return (
    <>
      <Field label="Bank" hint={bankHint}>
        {(control) => (
          <select {...control} name="bankCode" defaultValue={current?.bankCode ?? ""} required>
            <option value="" disabled>
              Pilih bank
            </option>
            {banks.map((bank) => (
              <option key={bank.code} value={bank.code}>
                {bank.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Nomor rekening" hint={`${digits.min}–${digits.max} angka; spasi dan tanda hubung boleh.`}>
        {(control) => (
          <input
            {...control}
            name="accountNumber"
            defaultValue={current?.accountNumber}
            inputMode="numeric"
            autoComplete="off"
            maxLength={64}
            spellCheck={false}
            required
          />
        )}
      </Field>
    </>
  );
}
