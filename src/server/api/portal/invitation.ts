import { z } from "zod";
import { acceptInvitation, findInvitation } from "@/server/services/invitations";
import { tokenProcedure } from "../portal-procedure";
import { router } from "../trpc";

const byToken = z.object({ token: z.string().min(1).max(100) });

/** The invitation link's page (/undangan/<token>): who is invited where, and accepting it. */
export const invitationRouter = router({
  show: tokenProcedure.input(byToken).query(({ ctx, input }) => findInvitation(ctx, input.token)),
  accept: tokenProcedure
    .input(byToken.extend({ name: z.string().trim().min(1).max(200), password: z.string().min(1).max(200) }))
    .mutation(async ({ ctx, input }) => ({ email: (await acceptInvitation(ctx, input.token, { name: input.name, password: input.password })).email })),
});
