export {
  CASE_WORK_SERVICE_CODE,
  CATALOG_CACHE_MS,
  type CatalogService,
  getAgentService,
  invalidateCatalogCache,
  listAgentServices,
  listServicesForOperator,
  readAgentServices,
  seedCatalog,
  serviceForOperator,
  updateService,
} from "./catalog";
export { CATALOG_CATEGORIES, CATALOG_SEED } from "./catalog-seed";
export { practitionerDeliveryFigures, refreshServiceStats, serviceStatsDue } from "./service-stats";
