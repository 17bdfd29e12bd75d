import { pageRequestOf } from "@/server/domain/paging";
import { getEvent, listEvents } from "@/server/services/events";
import { agentProcedure } from "../agent-procedure";
import { eventSchema, eventTypeSchema, serializeEvent } from "../schemas/events/event";
import { pathIdSchema } from "../schemas/ids";
import { createdWindow, listOf, listQuerySchema, serializeList } from "../schemas/list";
import { router } from "../trpc";

const listEventsSchema = listQuerySchema.extend({ type: eventTypeSchema.meta({ description: "Only events of this type." }).optional() });

export const eventsRouter = router({
  list: agentProcedure
    .meta({
      scope: "status:baca",
      openapi: {
        method: "GET",
        path: "/v1/events",
        tags: ["Event"],
        summary: "Every event of this key's organisation and mode, newest first",
        description:
          "Every event that was sent as a webhook, or would have been had a URL been set; kept at least 30 days (events are never deleted). " +
          "`data` is the webhook body without `id` and `sent_at`. Newest first: `starting_after=<id>` pages to older events, " +
          "`ending_before=<id>` to newer ones — so after missed webhooks, catch up with `ending_before=<last id you processed>` and repeat " +
          "with the newest id of each page until `has_more` is false. A cursor must be an event of this organisation and mode (400 otherwise).",
        protect: true,
      },
    })
    .input(listEventsSchema)
    .output(listOf(eventSchema, "EventList"))
    .query(async ({ ctx, input }) => {
      const page = await listEvents(ctx, {
        actor: ctx.actor,
        request: pageRequestOf(input),
        filter: { type: input.type, created: createdWindow(input) },
      });
      return serializeList(page, serializeEvent);
    }),

  get: agentProcedure
    .meta({
      scope: "status:baca",
      openapi: {
        method: "GET",
        path: "/v1/events/{id}",
        tags: ["Event"],
        summary: "One event",
        description:
          "One event as its webhook carried it (the same id and payload), to check a delivery or read one you missed. Another " +
          "organisation's event, or one of the other mode, is 404 NOT_FOUND.",
        protect: true,
      },
    })
    .input(pathIdSchema("The event's id (evt_…)."))
    .output(eventSchema)
    .query(async ({ ctx, input }) =>
      serializeEvent(
        await getEvent(ctx, {
          actor: ctx.actor,
          id: input.id,
        }),
      ),
    ),
});
