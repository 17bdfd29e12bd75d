/**
 * What agents see of a catalog service, from its two switches: offered ("aktif"), hidden from
 * agents but still active for orders already placed ("tersembunyi"), or switched off ("nonaktif").
 */
export const SERVICE_STATES = ["aktif", "tersembunyi", "nonaktif"] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];

/** The switches each state stands for; `serviceState` reads them back. */
export const SERVICE_STATE_SWITCHES: Record<ServiceState, { active: boolean; agentEligible?: boolean }> = {
  aktif: { active: true, agentEligible: true },
  tersembunyi: { active: true, agentEligible: false },
  nonaktif: { active: false },
};

export function serviceState(service: { active: boolean; agentEligible: boolean }): ServiceState {
  if (!service.active) return "nonaktif";
  return service.agentEligible ? "aktif" : "tersembunyi";
}
