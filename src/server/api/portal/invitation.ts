import { VISITOR } from "@/server/domain/access/actor";
import { acceptInvitation, findInvitation, tokenHashOf } from "@/server/services/access";
import { limitVisitorHashing, tokenProcedure } from "../portal-procedure";
import { acceptedOutput, acceptInput, byToken, invitationOutput } from "../schemas/access/invitation-portal";
import { router } from "../trpc";

/** The invitation link's page (/undangan/<token>): who is invited where, and accepting it. */
export const invitationRouter = router({
  show: tokenProcedure
    .input(byToken)
    .output(invitationOutput)
    .query(({ ctx, input }) =>
      findInvitation(ctx, {
        actor: VISITOR,
        token: input.token,
      }),
    ),
  accept: tokenProcedure
    .input(acceptInput)
    .output(acceptedOutput)
    .mutation(async ({ ctx, input }) => {
      await limitVisitorHashing(ctx, `invitation:${tokenHashOf(input.token)}`);
      return {
        email: (
          await acceptInvitation(ctx, {
            actor: VISITOR,
            token: input.token,
            input: { name: input.name, password: input.password },
          })
        ).email,
      };
    }),
});
