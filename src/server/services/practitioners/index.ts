export {
  bankAccountsForOperator,
  myBankAccount,
  setBankAccount,
  verifyBankAccount,
} from "./bank-accounts";

export { changePassword, getPractitionerProfile, updatePractitionerProfile } from "./practitioner-profile";

export {
  LICENSE_NUMBER_MAX,
  listPractitioners,
  registerPractitioner,
  setLicenseNumber,
  setPractitionerActive,
  updatePractitioner,
} from "./practitioners";
