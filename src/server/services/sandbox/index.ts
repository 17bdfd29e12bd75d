export { DEMO_ORGANIZATION_NAME, DEMO_USERS, type Demo, ensureDemo } from "./demo";
export {
  addSimulatedBid,
  decideTestApproval,
  payTestCost,
  payTestInvoice,
  practitionerViewOfTestOrder,
  requestTestCost,
  SIMULATED_ORDER_ACTIONS,
  type SimulatedActionInput,
  type SimulatedOrderAction,
  simulateOrderAction,
  TEST_TOP_UP_MAX_IDR,
  topUpTestDeposit,
} from "./sandbox";
export {
  getTestPractitioner,
  resetTestPractitioner,
  setTestPractitioner,
  type TestPractitioner,
} from "./test-practitioner";
