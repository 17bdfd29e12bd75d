import { z } from "zod";
import { INTAKE_FIELD_TYPES, INTAKE_LIMITS, type IntakeField } from "@/server/domain/catalog/intake";
import { type DeliveryFigures, STATS_MIN_COMPLETED_ORDERS, STATS_WINDOW_DAYS } from "@/server/domain/catalog/service-stats";
import { THIRD_PARTY_FEE_KINDS } from "@/server/domain/catalog/third-party-fees";
import { PROVINCES } from "@/server/domain/places/provinces";
import { CREDENTIAL_KINDS } from "@/server/domain/practitioners/credentials";
import type { CatalogService } from "@/server/services/catalog";
import { livemodeSchema } from "../livemode";

const { shortText, longText } = INTAKE_LIMITS;
/** The intake types, told where agents read them: the OpenAPI document and /docs. */
const INTAKE_TYPE_DESCRIPTION = [
  "How the value is checked; every value is a string.",
  `\`text\`: at most ${shortText.toLocaleString("en-US")} characters; \`textarea\`: at most ${longText.toLocaleString("en-US")};`,
  "`email`: an e-mail address; `phone`: an Indonesian number (+62…, 62… or 0…);",
  "`date`: a real date as YYYY-MM-DD; `number`: a whole number in digits;",
  "`nik`: the 16-digit NIK; `nik_paspor`: a 16-digit NIK or, for a foreigner, a passport number (6–9 capital letters and digits); `select`: one of `options`;",
  "`provinsi`: one of Indonesia's 38 provinces by its Kemendagri code, one of `options` (names in `option_labels`);",
  "`pihak`: the names of the other side, one per line or separated by `;` (at most 20); practitioners who acted for them are not offered the order;",
  "`pihak_klien`: the names of the side the agent acts for, written the same way; practitioners who acted against them are not offered the order;",
  "`berkas`: the id of a document uploaded with POST /v1/files (file_…), of your organisation and mode: it is attached to the order with `attachments`.",
].join(" ");

export const intakeFieldSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    required: z.boolean(),
    type: z.enum(INTAKE_FIELD_TYPES).meta({ description: INTAKE_TYPE_DESCRIPTION }),
    options: z.array(z.string()).optional().meta({ description: "Allowed values, for types select and provinsi." }),
    option_labels: z
      .array(z.string())
      .optional()
      .meta({ description: "For type provinsi: each option's name, in the order of `options` (`31` is DKI Jakarta)." }),
  })
  .meta({ id: "IntakeField" });

/** An intake field as agents read it: a `provinsi` field lists the provinces. */
function intakeFieldView(field: IntakeField): z.infer<typeof intakeFieldSchema> {
  if (field.type !== "provinsi") return field;
  return { ...field, options: PROVINCES.map((p) => p.code), option_labels: PROVINCES.map((p) => p.name) };
}

const thirdPartyFeeResponseSchema = z
  .object({
    code: z.string().meta({ description: "The fee's code, stable within the service." }),
    kind: z.enum(THIRD_PARTY_FEE_KINDS).meta({
      description: "`pnbp` (non-tax state revenue), `notaris` (a notary's fee) or `lainnya` (stamp duty, court advances, postage).",
    }),
    description: z.string(),
    amount_idr: z.number().int().nullable().meta({
      description:
        "The official amount where a regulation fixes it (the most a practitioner may bill under this code); null where it varies (billed at the amount on the official notice).",
    }),
    per: z.string().meta({ description: "What one amount covers, e.g. `per kelas`, `per dokumen`." }),
    basis: z.string().meta({ description: "The regulation, or who sets the amount." }),
    checked_on: z.iso.date().nullable().meta({ description: "The day Kuasa last read the amount and basis against the regulation." }),
    applies_when: z.object({ field: z.string(), option: z.string() }).nullable().meta({
      description:
        "Billed only when the intake's select field `field` holds `option` (e.g. the small-business trademark tariff); null: whatever the intake says.",
    }),
  })
  .meta({ id: "ThirdPartyFee" });

const DAYS = `the last ${STATS_WINDOW_DAYS} days`;
/** A rate: a fraction from 0 to 1, two decimals, or null when there was nothing to count. */
const rateSchema = (description: string) => z.number().min(0).max(1).nullable().meta({ description });

const serviceStatsSchema = z
  .object({
    orders_completed_90d: z
      .number()
      .int()
      .meta({
        description: `Live orders of this service that became \`selesai\` (finished: accepted by the client, accepted on its behalf, or a dispute settled by Kuasa) in ${DAYS}. \`median_hours_to_delivery\`, \`on_time_rate\` and the rating are figures of these orders.`,
      }),
    median_hours_to_delivery: z.number().nullable().meta({
      description:
        "The median, over those orders that were delivered, of the hours from payment (when the SLA's clock starts) to the first delivery (`diserahkan`), one decimal. Time waiting for the client's input and for a practitioner to take the order counts. Null when none was delivered.",
    }),
    on_time_rate: rateSchema(
      "Of those orders that were delivered, the share whose first delivery came at or before `sla_due_at`. A fraction from 0 to 1, two decimals.",
    ),
    acceptance_rate: rateSchema(
      `Of the offers of this service's live orders made to practitioners in ${DAYS} that were answered or ran out, the share accepted (the rest declined or left to expire): how readily practitioners take this work. Offers still open or withdrawn are not counted. A fraction from 0 to 1, two decimals; null when there was none.`,
    ),
    dispute_rate: rateSchema(
      `Of the live orders of this service that a practitioner took and that ended (\`selesai\` or \`direfund\`) in ${DAYS}, the share that went to dispute (\`sengketa\`) at some point. A fraction from 0 to 1, two decimals.`,
    ),
    rating_average: z.number().nullable().meta({
      description: "The mean of the clients' ratings (1 to 5) of the completed orders, two decimals; null without any rating.",
    }),
    rating_count: z.number().int().meta({ description: "How many of the completed orders were rated." }),
  })
  .meta({ id: "ServiceStats" });

export const serviceSchema = z
  .object({
    code: z.string().meta({ description: "Used as `service` when creating an order." }),
    name: z.string(),
    category: z.string(),
    description: z.string(),
    price_idr: z.number().int().meta({ description: "Agent price: public price + 15 %, rounded to the nearest Rp 50.000." }),
    sla: z.object({ days: z.number().int(), label: z.string() }),
    intake: z.array(intakeFieldSchema),
    requires: z.array(z.enum(CREDENTIAL_KINDS)).meta({
      description:
        "Credentials the practitioner doing the work holds, verified by Kuasa and current (a notaris or ppat in the province of the order's `provinsi` field). Empty: any verified practitioner of the field.",
    }),
    third_party: z.string().nullable().meta({ description: "Third-party costs billed separately at official rates." }),
    third_party_fees: z.array(thirdPartyFeeResponseSchema).meta({
      description:
        "The same costs as lines a practitioner may bill, never part of `price_idr`: the only official fees an agent may mention to its user. Empty when `third_party` is null.",
    }),
    stats: serviceStatsSchema.nullable().meta({
      description: `How Kuasa delivered this service in ${DAYS}, counted from live orders only (test-mode orders never count), recomputed at most every hour. Null while fewer than ${STATS_MIN_COMPLETED_ORDERS} orders completed in that window: figures from a handful of orders mislead more than they tell, and could single out one practitioner's work. Past figures are no promise about a new order.`,
    }),
    livemode: livemodeSchema,
  })
  .meta({ id: "Service" });

type ServiceResponse = z.infer<typeof serviceSchema>;

function serializeStats(stats: DeliveryFigures): z.infer<typeof serviceStatsSchema> {
  return {
    orders_completed_90d: stats.ordersCompleted90d,
    median_hours_to_delivery: stats.medianHoursToDelivery,
    on_time_rate: stats.onTimeRate,
    acceptance_rate: stats.acceptanceRate,
    dispute_rate: stats.disputeRate,
    rating_average: stats.ratingAverage,
    rating_count: stats.ratingCount,
  };
}

/** The catalog is the same in both modes; `livemode` says which mode the asking key works in. */
export function serializeService(service: CatalogService, livemode: boolean): ServiceResponse {
  return {
    code: service.code,
    name: service.name,
    category: service.category,
    description: service.description,
    price_idr: service.agentPriceIdr,
    sla: { days: service.slaDays, label: service.slaLabel },
    intake: service.intake.map(intakeFieldView),
    requires: [...service.requires],
    third_party: service.thirdParty,
    third_party_fees: service.thirdPartyFees.map((fee) => ({
      code: fee.code,
      kind: fee.kind,
      description: fee.description,
      amount_idr: fee.amountIdr,
      per: fee.per,
      basis: fee.basis,
      checked_on: fee.checkedOn ?? null,
      applies_when: fee.appliesWhen ?? null,
    })),
    stats: service.stats && serializeStats(service.stats),
    livemode,
  };
}
