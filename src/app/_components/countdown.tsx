"use client";
import { useEffect, useState } from "react";
import { timeLeft } from "./time-left";

/** The time left until `until`, ticking every second; says so when time is up. */
export function Countdown({ until, onExpire }: { until: string; onExpire?: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, new Date(until).getTime() - now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left === 0) onExpire?.();
  }, [left, onExpire]);
  if (left === 0) return <span className="countdown expired">Waktu habis</span>;
  return (
    // The server renders it a moment earlier than the browser hydrates it: the seconds differ by design.
    // role="timer" (not aria-live) so screen readers do not announce every tick.
    <span className={`countdown${left < 5 * 60_000 ? " urgent" : ""}`} role="timer" suppressHydrationWarning>
      {timeLeft(left)} tersisa
    </span>
  );
}
