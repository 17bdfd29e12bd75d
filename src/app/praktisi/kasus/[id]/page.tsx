import Link from "next/link";
import { notFound } from "next/navigation";
import { areaLabel } from "@/app/_components/case-status";
import { PageTitle } from "@/app/_components/ui";
import { toApiError } from "@/server/api/api-error";
import { portalPage } from "@/server/runtime/portal";
import { CaseCard } from "../case-card";

export const dynamic = "force-dynamic";

async function loadCase(caseId: string) {
  const { caller } = await portalPage("practitioner");
  try {
    return await caller.practitioner.case({ caseId });
  } catch (err) {
    // Not on my board and never bid on, or a malformed id: the same "not here".
    if (["NOT_FOUND", "VALIDATION"].includes(toApiError(err).code)) notFound();
    throw err;
  }
}

export default async function CasePage({ params }: { params: Promise<{ id: string }> }) {
  const item = await loadCase((await params).id);
  return (
    <>
      <p className="back">
        <Link href="/praktisi/kasus">
          <span aria-hidden="true">← </span>Papan kasus
        </Link>
      </p>
      <PageTitle lead={item.id}>Kasus: {areaLabel(item.area)}</PageTitle>
      {item.selected && (
        <p className="notice" role="status">
          Penawaran Anda dipilih klien. Data kontak di bawah ini lengkap: hubungi klien untuk memulai pekerjaan sesuai lingkup penawaran
          Anda.
        </p>
      )}
      <CaseCard item={item} />
    </>
  );
}
