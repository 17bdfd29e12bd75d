import { describe, expect, it } from "vitest";
import { SERVICE_STATE_SWITCHES, SERVICE_STATES, serviceState } from "./service-state";

describe("service state", () => {
  it("reads each combination of the two switches as one state; switched off wins over hidden", () => {
    expect(serviceState({ active: true, agentEligible: true })).toBe("aktif");
    expect(serviceState({ active: true, agentEligible: false })).toBe("tersembunyi");
    expect(serviceState({ active: false, agentEligible: true })).toBe("nonaktif");
    expect(serviceState({ active: false, agentEligible: false })).toBe("nonaktif");
  });

  it("each state's switches read back as that state, so a filter by state finds exactly the services shown with it", () => {
    for (const state of SERVICE_STATES) {
      for (const agentEligible of [true, false]) {
        const switches = SERVICE_STATE_SWITCHES[state];
        if (switches.agentEligible !== undefined && switches.agentEligible !== agentEligible) continue;
        expect(serviceState({ active: switches.active, agentEligible })).toBe(state);
      }
    }
  });
});
