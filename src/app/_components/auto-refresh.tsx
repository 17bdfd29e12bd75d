"use client";
import { useRouter } from "next/navigation";
import { useEffect, useTransition } from "react";

/**
 * Re-renders the page's server components every `seconds` while the tab is visible (and at once
 * when it becomes visible again), so new offers, answers and status changes appear without a manual
 * reload; typed text survives. The next refresh waits until the previous one has landed: on a
 * slow connection, refreshes that overtake each other would never show anything.
 */
export function AutoRefresh({ seconds = 5 }: { seconds?: number }) {
  const router = useRouter();
  const [refreshing, startTransition] = useTransition();
  useEffect(() => {
    if (refreshing) return;
    const refreshIfVisible = () => {
      if (document.visibilityState === "visible") startTransition(() => router.refresh());
    };
    const timer = setInterval(refreshIfVisible, seconds * 1000);
    document.addEventListener("visibilitychange", refreshIfVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", refreshIfVisible);
    };
  }, [refreshing, router, seconds]);
  return null;
}
