import { z } from "zod";
import { CONTENT_RULES } from "@/server/domain/content-rules/content-rules";
import { FINDING_SOURCES } from "@/server/services/content-checks";
import { pageSchema, portalPageInput } from "../portal/paging";
import { idSchema } from "./ids";

/** The operator console's reading of the content findings: inputs and outputs. */

const mode = z.enum(["live", "test"]).optional();

/** Live or test findings only; both when absent. */
export const livemodeOfMode = (value: z.infer<typeof mode>): boolean | undefined => (value === undefined ? undefined : value === "live");

export const findingsOverviewInput = z.object({ mode }).optional();
export const organizationFindingsInput = z.object({ organizationId: idSchema, mode });
export const findingsListInput = z.object({
  organizationId: idSchema,
  rule: z.enum(CONTENT_RULES).optional(),
  mode,
  page: portalPageInput,
});

const named = z.object({ id: z.string(), name: z.string() });

const organizationFindingsSchema = z.object({
  organization: named,
  total: z.number().int(),
  byRule: z.array(z.object({ rule: z.enum(CONTENT_RULES), count: z.number().int() })),
  perWeek: z.array(z.number().int()),
  latestAt: z.date(),
});

const window = { since: z.date(), weeks: z.array(z.string()) };

export const findingsOverviewOutput = z.object({ ...window, organizations: z.array(organizationFindingsSchema) });

export const organizationFindingsOutput = z.object({ ...window, organization: named, findings: organizationFindingsSchema.nullable() });

export const findingsListOutput = pageSchema(
  z.object({
    id: z.string(),
    rule: z.enum(CONTENT_RULES),
    excerpt: z.string(),
    source: z.enum(FINDING_SOURCES),
    orderId: z.string().nullable(),
    caseId: z.string().nullable(),
    apiKeyId: z.string().nullable(),
    livemode: z.boolean(),
    createdAt: z.date(),
  }),
);
