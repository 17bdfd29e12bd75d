export { createOrganization, organizationDetail, searchOrganizations, setApprovalThreshold, setOrganizationStatus, topUpDeposit } from "./organizations";
