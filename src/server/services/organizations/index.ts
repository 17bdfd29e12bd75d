export {
  createOrganization,
  organizationDetail,
  organizationOverview,
  searchOrganizations,
  setApprovalThreshold,
  setOrganizationStatus,
  topUpDeposit,
} from "./organizations";
