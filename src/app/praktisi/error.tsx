"use client";
import { PortalError } from "@/app/_components/portal-error";

export default function PractitionerError({ reset }: { error: Error; reset: () => void }) {
  return <PortalError reset={reset} hint="hubungi tim operator Kuasa." />;
}
