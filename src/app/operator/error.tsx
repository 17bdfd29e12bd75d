"use client";
import { PortalError } from "@/app/_components/portal-error";

export default function OperatorError({ reset }: { error: Error; reset: () => void }) {
  return <PortalError reset={reset} hint="periksa log server." />;
}
