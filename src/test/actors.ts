import { adminActor, operatorActor } from "@/server/domain/access/actor";

/** An operator for tests that call the operator's services directly, without a signed-in portal user. */
export const TEST_OPERATOR = operatorActor("usr_test_operator");

/**
 * An admin of `organizationId` for tests that call an organisation's services directly, without a
 * signed-in portal user; `livemode` picks the data's mode as the portal's mode switch does.
 */
export const adminOf = (organizationId: string, livemode = true) => adminActor("usr_test_admin", organizationId, livemode);
