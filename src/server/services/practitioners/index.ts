export {
  bankAccountsForOperator,
  myBankAccount,
  setBankAccount,
  verifyBankAccount,
} from "./bank-accounts";
export { changePassword, getPractitionerProfile, updatePractitionerProfile } from "./practitioner-profile";
export {
  askClient,
  deliverResult,
  getMyOrder,
  listMyOffers,
  listMyOrders,
  listMyWithdrawnOffers,
  PRACTITIONER_ACTIONS,
  type PractitionerAction,
  type PractitionerOrderView,
  releaseOrder,
  startWork,
} from "./practitioner-work";
export {
  LICENSE_NUMBER_MAX,
  listPractitioners,
  registerPractitioner,
  setLicenseNumber,
  setPractitionerActive,
  updatePractitioner,
} from "./practitioners";
