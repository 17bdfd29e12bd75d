/**
 * Whose data a request may see: one organisation, in one mode, never both. An API key's mode
 * decides it (`kk_test_` → test data); the portals work on live data.
 */
export interface DataOwner {
  organizationId: string;
  livemode: boolean;
}
