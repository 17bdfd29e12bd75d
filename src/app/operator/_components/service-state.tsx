import type { ServiceState } from "@/server/domain/catalog/service-state";

/** How the console names a catalog service's state (the catalog filter and the pill on each service). */
export const SERVICE_STATE: Record<ServiceState, { text: string; tone: string }> = {
  aktif: { text: "Aktif, terlihat agen", tone: "pill-ok" },
  tersembunyi: { text: "Tersembunyi dari agen", tone: "pill-warn" },
  nonaktif: { text: "Nonaktif", tone: "pill-bad" },
};

export function ServiceStatePill({ state }: { state: ServiceState }) {
  return <span className={`pill ${SERVICE_STATE[state].tone}`}>{SERVICE_STATE[state].text}</span>;
}
