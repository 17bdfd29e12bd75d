import { describe, expect, it } from "vitest";
import {
  adminActor,
  auditColumnsOf,
  CLI,
  inMode,
  operatorActor,
  portalActorOf,
  practitionerActor,
  requireActingFor,
  requireActor,
  SWEEPER,
} from "./actor";

const admin = adminActor("usr_admin", "org_satu");

describe("the actor", () => {
  it("keeps the audit log's stored vocabulary: org_admin for an admin, cli for the shell, no id for the system", () => {
    expect(auditColumnsOf(admin)).toEqual({ actorType: "org_admin", actorId: "usr_admin" });
    expect(auditColumnsOf(practitionerActor("usr_p", "prk_p"))).toEqual({ actorType: "practitioner", actorId: "usr_p" });
    expect(auditColumnsOf(CLI)).toEqual({ actorType: "cli", actorId: null });
    expect(auditColumnsOf(SWEEPER)).toEqual({ actorType: "system", actorId: null });
  });

  it("refuses a kind the verb is not for with FORBIDDEN, and lets the kinds it names through", () => {
    expect(() => requireActor(admin, "operator")).toThrow(expect.objectContaining({ code: "FORBIDDEN" }));
    expect(() => requireActor(admin, "operator", "admin")).not.toThrow();
  });

  it("lets an admin act for their own organisation only, and the operator for any; another's is NOT_FOUND", () => {
    expect(() => requireActingFor(admin, "org_satu")).not.toThrow();
    expect(() => requireActingFor(admin, "org_dua")).toThrow(expect.objectContaining({ code: "NOT_FOUND" }));
    expect(() => requireActingFor(operatorActor("usr_op"), "org_dua")).not.toThrow();
    expect(() => requireActingFor(SWEEPER, "org_satu")).toThrow(expect.objectContaining({ code: "NOT_FOUND" }));
  });

  it("builds a portal user's actor from their role, and none for a role without its tenant", () => {
    expect(portalActorOf({ id: "usr_a", role: "org_admin", organizationId: "org_satu", practitionerId: null })).toEqual(
      adminActor("usr_a", "org_satu"),
    );
    expect(portalActorOf({ id: "usr_p", role: "practitioner", organizationId: null, practitionerId: "prk_p" })).toEqual(
      practitionerActor("usr_p", "prk_p"),
    );
    expect(portalActorOf({ id: "usr_p", role: "practitioner", organizationId: null, practitionerId: null })).toBeNull();
    expect(inMode(admin, false)).toEqual({ ...admin, livemode: false });
  });
});
