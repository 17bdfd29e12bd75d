import type { Metadata } from "next";
import Link from "next/link";
import { type Column, Table } from "@/app/_components/data-table";
import { formatDateTime } from "@/app/_components/format";
import { Card, PageTitle } from "@/app/_components/ui";
import { formatNpwp } from "@/server/domain/books/npwp";
import { vatRateLabel } from "@/server/domain/books/tax";
import { jakartaDay } from "@/server/domain/clock";
import { portalPage } from "@/server/runtime/portal";
import { TaxSettingForm } from "./tax-setting-form";

export const metadata: Metadata = { title: "Aturan pajak · Operator — Kuasa" };

const STATE = {
  berlaku: { text: "Berlaku sekarang", tone: "pill-ok" },
  terjadwal: { text: "Terjadwal", tone: "pill-warn" },
  lampau: { text: "Sudah diganti", tone: "pill-muted" },
} as const;

export default async function TaxSettingsPage() {
  const { caller } = await portalPage("operator");
  const rules = await caller.operator.taxSettings();
  type Rule = (typeof rules)[number];
  const inForce = rules.find((rule) => rule.state === "berlaku");
  const now = new Date();
  // The first day a new rule may start: tomorrow in Jakarta.
  const tomorrow = jakartaDay(new Date(now.getTime() + 24 * 60 * 60 * 1000));
  const columns: Array<Column<Rule>> = [
    {
      key: "from",
      header: "Berlaku mulai",
      rowClass: (rule) => (rule.state === "berlaku" ? "in-force" : undefined),
      cell: (rule) => (
        <>
          {formatDateTime(rule.effectiveFrom)}
          <div>
            <span className={`pill ${STATE[rule.state].tone}`}>{STATE[rule.state].text}</span>
          </div>
        </>
      ),
    },
    {
      key: "vat",
      header: "PPN",
      rowClass: (rule) => (rule.state === "berlaku" ? "in-force" : undefined),
      cell: (rule) => (
        <>
          {vatRateLabel(rule.vatRateBasisPoints)}
          <div className="muted small">
            atas DPP {rule.vatBaseNumerator}/{rule.vatBaseDenominator} biaya platform
          </div>
        </>
      ),
    },
    {
      key: "platform",
      header: "Data platform",
      rowClass: (rule) => (rule.state === "berlaku" ? "in-force" : undefined),
      cell: (rule) => (
        <>
          {rule.platformName}
          <div className="small">{rule.platformNpwp ? `NPWP ${formatNpwp(rule.platformNpwp)}` : "NPWP belum diisi"}</div>
          <div className="muted small">{rule.platformAddress || "Alamat belum diisi"}</div>
        </>
      ),
    },
  ];
  return (
    <>
      <p className="back">
        <Link href="/operator/keuangan">← Keuangan</Link>
      </p>
      <PageTitle lead="Tarif PPN, dasar pengenaannya, dan data platform yang tercetak di kuitansi. Setiap pembayaran memakai aturan yang berlaku pada tanggalnya; dokumen yang sudah terbit tidak berubah.">
        Aturan pajak
      </PageTitle>
      <div className="data-table">
        <Table caption="Aturan pajak, terbaru di atas" columns={columns} rows={rules} rowKey={(rule) => rule.id} />
      </div>
      <Card title="Jadwalkan aturan baru">
        <TaxSettingForm
          firstDay={tomorrow}
          current={
            inForce
              ? {
                  vatRateBasisPoints: inForce.vatRateBasisPoints,
                  vatBaseNumerator: inForce.vatBaseNumerator,
                  vatBaseDenominator: inForce.vatBaseDenominator,
                  platformName: inForce.platformName,
                  platformNpwp: inForce.platformNpwp ? formatNpwp(inForce.platformNpwp) : "",
                  platformAddress: inForce.platformAddress,
                }
              : null
          }
        />
      </Card>
    </>
  );
}
