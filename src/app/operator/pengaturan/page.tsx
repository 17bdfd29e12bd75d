import type { Metadata } from "next";
import { formatDateTime } from "@/app/_components/format";
import { Card, PageTitle } from "@/app/_components/ui";
import { ACCOUNT_NUMBER_DIGITS, BANKS } from "@/server/domain/money/bank-account";
import { ORGANIZATION_PLACEHOLDER } from "@/server/domain/money/top-up";
import { portalPage } from "@/server/runtime/portal";
import { TopUpForm } from "./top-up-form";

export const metadata: Metadata = { title: "Pengaturan · Operator — Kuasa" };

export default async function SettingsPage() {
  const { caller } = await portalPage("operator");
  const current = await caller.operator.topUpInstructions();
  return (
    <>
      <PageTitle lead="Rekening Kuasa untuk setoran deposit organisasi. Admin organisasi melihatnya di Ringkasan sebagai “Cara menambah deposit”.">
        Pengaturan
      </PageTitle>
      <Card title="Rekening setoran deposit">
        {current ? (
          <p className="muted small">
            Terakhir diubah {formatDateTime(current.updatedAt)}. Setiap perubahan tercatat di log audit. Contoh berita transfer:{" "}
            <code>{current.referenceRule.replaceAll(ORGANIZATION_PLACEHOLDER, "KSA…")}</code>
          </p>
        ) : (
          <p className="waiting">Belum diisi: admin organisasi diminta menghubungi operator untuk cara menambah deposit.</p>
        )}
        <TopUpForm current={current} banks={BANKS} digits={ACCOUNT_NUMBER_DIGITS} placeholder={ORGANIZATION_PLACEHOLDER} />
      </Card>
    </>
  );
}
