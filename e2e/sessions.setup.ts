import { writeFileSync } from "node:fs";
import { test as setup } from "@playwright/test";
import { sessionFile, signIn } from "./portal";
import { COSTS_ADMIN, IP_CONSULTANT, OPERATOR, ORG_ADMIN, PRACTITIONER } from "./users";

/**
 * The `sessions` project, before the journeys: each portal user signs in once through the real
 * /masuk form, and the session is kept for the journeys that sign in only to get in
 * (`enterSignedIn` in e2e/portal.ts). argon2 makes every sign-in cost about a second.
 */
for (const [user, home] of [
  [OPERATOR, /\/operator$/],
  [ORG_ADMIN, /\/organisasi$/],
  [PRACTITIONER, /\/praktisi$/],
  [COSTS_ADMIN, /\/organisasi$/],
  [IP_CONSULTANT, /\/praktisi$/],
] as const) {
  setup(`${user.email} signs in through /masuk and lands in their portal`, async ({ page }) => {
    await signIn(page, user, home);
    const cookies = await page.context().cookies();
    setup.expect(cookies.some((cookie) => cookie.name.endsWith("next-auth.session-token"))).toBe(true);
    writeFileSync(sessionFile(user), JSON.stringify({ url: page.url(), cookies }), { mode: 0o600 });
  });
}
