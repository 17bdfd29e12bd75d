export {
  bankAccountsForOperator,
  myBankAccount,
  setBankAccount,
  verifyBankAccount,
} from "./bank-accounts";
export { changePassword, getPractitionerProfile, LICENSE_NUMBER_MAX, updatePractitionerProfile } from "./practitioner-profile";
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
export { listPractitioners, registerPractitioner, setPractitionerActive, updatePractitioner } from "./practitioners";
