import { router } from "../trpc";
import { invitationRouter } from "./invitation";
import { oauthConsentRouter } from "./oauth-consent";
import { operatorRouter } from "./operator";
import { organizationRouter } from "./organization";
import { passwordResetRouter } from "./password-reset";
import { practitionerRouter } from "./practitioner";

/** The portals' operations at /api/trpc, each behind a next-auth session of the right role. */
export const portalRouter = router({
  practitioner: practitionerRouter,
  organization: organizationRouter,
  operator: operatorRouter,
  invitation: invitationRouter,
  passwordReset: passwordResetRouter,
  oauthConsent: oauthConsentRouter,
});

export type PortalRouter = typeof portalRouter;
