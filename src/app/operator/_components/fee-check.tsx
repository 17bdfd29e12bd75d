import { formatDay } from "@/app/_components/format";
import type { IntakeField } from "@/server/domain/catalog/intake";
import { FEE_CHECK_STALE_DAYS, feeCheckStale, type ThirdPartyFee } from "@/server/domain/catalog/third-party-fees";

/** The warning a fee due for another reading carries, or null when it was read within the year. */
function feeCheckWarning(checkedOn: string | undefined, today: string): string | null {
  if (!feeCheckStale({ checkedOn }, today)) return null;
  return checkedOn ? "Perlu diperiksa ulang: lebih dari setahun" : "Belum pernah diperiksa";
}

/** A service's fees due for another reading against their regulation on `today`. */
export const staleFees = <Fee extends Pick<ThirdPartyFee, "checkedOn">>(fees: readonly Fee[], today: string): Fee[] =>
  fees.filter((fee) => feeCheckStale(fee, today));

/** The id of a fee's row on its service's page, for links to it. */
export const feeAnchor = (code: string) => `biaya-${code}`;

/** "Hanya bila Jenis pemohon = Usaha mikro", with the field's label when the intake still has it. */
export function appliesWhenText(appliesWhen: NonNullable<ThirdPartyFee["appliesWhen"]>, intake: readonly IntakeField[]): string {
  const field = intake.find((f) => f.key === appliesWhen.field);
  return `Hanya bila ${field?.label ?? appliesWhen.field} = ${appliesWhen.option}`;
}

/** "Terakhir diperiksa: 3 Maret 2025", flagged when it is more than a year ago or never. */
export function FeeCheck({ checkedOn, today }: { checkedOn: string | undefined; today: string }) {
  const warning = feeCheckWarning(checkedOn, today);
  return (
    <div className="fee-check">
      <span>Terakhir diperiksa: {checkedOn ? <time dateTime={checkedOn}>{formatDay(checkedOn)}</time> : <span>tidak tercatat</span>}</span>
      {warning && (
        <span
          className="pill pill-warn pill-wraps"
          title={`Tarif dan dasar hukumnya dibaca ulang paling tidak setiap ${FEE_CHECK_STALE_DAYS} hari`}
        >
          {warning}
        </span>
      )}
    </div>
  );
}
