import { z } from "zod";
import { getAgentService, listAgentServices } from "@/server/services/catalog";
import { agentProcedure } from "../agent-procedure";
import { serializeService, serviceSchema } from "../schemas/catalog/service";
import { router } from "../trpc";

export const catalogRouter = router({
  list: agentProcedure
    .meta({
      scope: "katalog:baca",
      etag: true,
      openapi: {
        method: "GET",
        path: "/v1/services",
        tags: ["Katalog"],
        summary: "List the agent-eligible catalog",
        description:
          "Every service an agent may order, in catalog order: its code, price_idr (the agent price your organisation pays), SLA, " +
          "the intake fields an order must carry, official third-party fees and how Kuasa performed on it (stats). Only these " +
          "services and prices exist: quote nothing else. The answer carries an ETag; poll with If-None-Match.",
        protect: true,
      },
    })
    .input(z.object({}))
    .output(z.object({ data: z.array(serviceSchema) }))
    .query(async ({ ctx }) => ({
      data: (
        await listAgentServices(ctx, {
          actor: ctx.actor,
        })
      ).map((service) => serializeService(service, ctx.apiKey.livemode)),
    })),

  get: agentProcedure
    .meta({
      scope: "katalog:baca",
      etag: true,
      openapi: {
        method: "GET",
        path: "/v1/services/{code}",
        tags: ["Katalog"],
        summary: "One catalog service",
        description:
          "One agent-eligible service by its code, as the list shows it: read its intake fields before creating an order. A code that " +
          "is not in the catalog, or not open to agents, is 404 NOT_FOUND.",
        protect: true,
      },
    })
    .input(z.object({ code: z.string().min(1).max(100).meta({ description: "The service's catalog code, e.g. perjanjian_kerahasiaan." }) }))
    .output(serviceSchema)
    .query(async ({ ctx, input }) =>
      serializeService(
        await getAgentService(ctx, {
          actor: ctx.actor,
          code: input.code,
        }),
        ctx.apiKey.livemode,
      ),
    ),
});
