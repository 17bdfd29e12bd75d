import { z } from "zod";
import { VISITOR } from "@/server/domain/access/actor";
import { findPasswordReset, passwordResetSubject, requestPasswordReset, resetPassword, tokenHashOf } from "@/server/services/access";
import { answerAfter, limitResetRequests, limitVisitorHashing, tokenProcedure, visitorProcedure } from "../portal-procedure";
import { byResetToken, resetDoneOutput, resetInput, resetOutput, resetRequestInput } from "../schemas/access/password-reset-portal";
import { router } from "../trpc";

/**
 * Every request for a reset link is answered after this long, known address or not: writing the
 * link and its e-mail takes a few milliseconds that an unknown address would not, and the
 * answer's timing must not tell which it was.
 */
const REQUEST_ANSWER_MS = 400;

/** The forgotten-password pages (/lupa-sandi, /atur-ulang-sandi/<token>), for visitors without a session. */
export const passwordResetRouter = router({
  request: visitorProcedure
    .input(resetRequestInput)
    .output(z.void())
    .mutation(({ ctx, input }) =>
      answerAfter(REQUEST_ANSWER_MS, async () => {
        await limitResetRequests(ctx, passwordResetSubject(input.email));
        await requestPasswordReset(ctx, {
          actor: VISITOR,
          email: input.email,
        });
      }),
    ),
  show: tokenProcedure
    .input(byResetToken)
    .output(resetOutput)
    .query(({ ctx, input }) =>
      findPasswordReset(ctx, {
        actor: VISITOR,
        token: input.token,
      }),
    ),
  complete: tokenProcedure
    .input(resetInput)
    .output(resetDoneOutput)
    .mutation(async ({ ctx, input }) => {
      await limitVisitorHashing(ctx, `password-reset:${tokenHashOf(input.token)}`);
      return resetPassword(ctx, {
        actor: VISITOR,
        token: input.token,
        password: input.password,
      });
    }),
});
