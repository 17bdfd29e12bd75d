export { getTopUpInstructions, setTopUpInstructions, topUpInstructionsFor } from "./top-up-instructions";
