export * from "./accounts";
export * from "./cart";
export * from "./cards";
export * from "./catalog";
export * from "./operations";
export * from "./orders";
export * from "./payments";
export * from "./wholesale";
