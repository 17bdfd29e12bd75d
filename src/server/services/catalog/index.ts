export {
  CASE_WORK_SERVICE_CODE,
  type CatalogService,
  getAgentService,
  invalidateCatalogCache,
  listAgentServices,
  listServicesForOperator,
  seedCatalog,
  serviceForOperator,
  updateService,
} from "./catalog";
export { CATALOG_CATEGORIES, CATALOG_SEED } from "./catalog-seed";
