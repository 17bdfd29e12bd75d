export {
  createOrganization,
  creditDeposit,
  organizationDetail,
  organizationOverview,
  searchOrganizations,
  setApprovalThreshold,
  setOrganizationStatus,
  topUpDeposit,
  transferReferenceOf,
} from "./organizations";
