export { addCredential, type CredentialInput, checkedCredential } from "./add-credential";
export {
  bankAccountsForOperator,
  myBankAccount,
  setBankAccount,
  verifyBankAccount,
} from "./bank-accounts";
export { credentialQueue, practitionerCredentials } from "./credential-reads";
export { decideCredential } from "./decide-credential";
export { conflictList, declareConflict, declineForConflict, removeConflict } from "./declare-conflict";
export { credentialsDueToExpire, expireCredential } from "./expire-credential";
export { listPractitioners } from "./operator-reads";
export { changePassword, getPractitionerProfile, updatePractitionerProfile } from "./practitioner-profile";
export { registerPractitioner } from "./register";
export { credentialsDueForReminder, remindCredentialExpiry } from "./remind-credential";
export { setPractitionerActive } from "./set-active";
export { updatePractitioner } from "./update";
