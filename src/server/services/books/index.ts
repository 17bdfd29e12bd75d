export * from "./bank-import";
export * from "./documents";
export * from "./downloads";
export * from "./issue";
export * from "./settings";
export * from "./statements";
