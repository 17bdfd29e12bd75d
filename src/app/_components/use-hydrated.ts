"use client";
import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the server's HTML and until React has hydrated it, true afterwards: buttons that act
 * only through React stay disabled until a press can do something (no lost clicks after a page load).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
