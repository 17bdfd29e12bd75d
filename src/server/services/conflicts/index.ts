export { conflictRecords } from "./conflict-records";
