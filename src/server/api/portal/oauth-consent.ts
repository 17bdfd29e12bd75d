import { OAuthError } from "@/server/domain/access/oauth";
import { AppError } from "@/server/domain/errors";
import { approveAuthorization, checkAuthorization, denyAuthorization } from "@/server/services/oauth";
import { orgAdminProcedure } from "../portal-procedure";
import {
  approveAuthorizationInput,
  authorizationRequestInput,
  authorizationRequestOutput,
  redirectOutput,
} from "../schemas/access/oauth-portal";
import { router } from "../trpc";

const admin = orgAdminProcedure;

/** A request that stopped being valid while the page was open (a client deleted): the page's error, not a 500. */
function asValidation<T>(work: Promise<T>): Promise<T> {
  return work.catch((err: unknown) => {
    throw err instanceof OAuthError ? new AppError("VALIDATION", err.description) : err;
  });
}

/**
 * The OAuth consent page's operations (app/oauth/izinkan): an organisation's admin reads an
 * authorization request, then approves it with the grant's limits or declines it.
 */
export const oauthConsentRouter = router({
  request: admin
    .input(authorizationRequestInput)
    .output(authorizationRequestOutput)
    .query(async ({ ctx, input }) => {
      try {
        const request = await checkAuthorization(ctx, input.params);
        return {
          ok: true as const,
          client: request.client,
          redirectHost: request.redirectHost,
          resource: request.resource,
          scopes: request.scopes,
        };
      } catch (err) {
        if (err instanceof OAuthError)
          return { ok: false as const, error: err.error, description: err.description, redirectTo: err.redirectTo };
        throw err;
      }
    }),
  approve: admin
    .input(approveAuthorizationInput)
    .output(redirectOutput)
    .mutation(({ ctx, input }) => {
      const { params, ...choice } = input;
      return asValidation(approveAuthorization(ctx, { actor: ctx.actor, params, choice }));
    }),
  deny: admin
    .input(authorizationRequestInput)
    .output(redirectOutput)
    .mutation(({ ctx, input }) => asValidation(denyAuthorization(ctx, input.params))),
});
