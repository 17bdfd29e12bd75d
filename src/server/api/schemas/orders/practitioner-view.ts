import { z } from "zod";
import { MESSAGE_ROLES, type MessageRole } from "@/server/domain/orders/order-state";
import type { PractitionerOrderView } from "@/server/services/orders";
import { orderStatusSchema } from "./order";

/**
 * The sandbox's view of a test order through the practitioner's eyes
 * (GET /v1/test_helpers/orders/{id}/practitioner_view): what leaves the agent's hands.
 */
export const practitionerViewSchema = z
  .object({
    order_id: z.string(),
    status: orderStatusSchema,
    taken: z.boolean().meta({
      description:
        "Whether the practitioner holds the order. While false (an offer), e-mail addresses, phone numbers and NIK in the intake and the messages are masked, as the practitioner sees them.",
    }),
    intake: z
      .record(z.string(), z.string())
      .meta({ description: "The intake as the practitioner reads it: masked while `taken` is false." }),
    messages: z
      .array(
        z.object({
          role: z.enum(MESSAGE_ROLES),
          body: z.string().meta({ description: "Masked while `taken` is false." }),
          created_at: z.iso.datetime(),
        }),
      )
      .meta({ description: "The order's conversation, oldest first, as the practitioner reads it." }),
    attachments: z
      .array(
        z.object({
          filename: z.string(),
          content_type: z.string(),
          size: z.number().int().meta({ description: "Bytes." }),
          downloadable: z.boolean().meta({ description: "Whether the practitioner can open the file now (not before taking the order)." }),
        }),
      )
      .meta({
        description:
          "Files on the order as the practitioner sees them: while `taken` is false each one's name (masked like other text), type and size only, never its content.",
      }),
  })
  .meta({ id: "PractitionerView" });

export type PractitionerViewResponse = z.input<typeof practitionerViewSchema>;

export function serializePractitionerView(view: PractitionerOrderView): PractitionerViewResponse {
  return {
    order_id: view.id,
    status: view.status,
    taken: !view.masked,
    intake: view.intake,
    messages: view.messages.map((m) => ({ role: m.role as MessageRole, body: m.body, created_at: m.createdAt.toISOString() })),
    attachments: view.files.map((f) => ({ filename: f.filename, content_type: f.contentType, size: f.size, downloadable: f.downloadable })),
  };
}
