import { describe, expect, it } from "vitest";
import { optionsWithoutFee, outcomePromisesIn, replacedRegulationsIn } from "@/server/domain/catalog/legal-rules";
import { feeCheckStale, thirdPartyFeeListSchema } from "@/server/domain/catalog/third-party-fees";
import { CATALOG_SEED } from "./catalog-seed";

const fee = {
  code: "bea_meterai",
  kind: "lainnya",
  description: "Bea meterai",
  amountIdr: 10_000,
  per: "per dokumen",
  basis: "UU No. 10 Tahun 2020",
};

describe("third-party fees", () => {
  it("take a fixed official amount or null where it varies, each code once", () => {
    expect(thirdPartyFeeListSchema.safeParse([fee, { ...fee, code: "honorarium_notaris", kind: "notaris", amountIdr: null }]).success).toBe(
      true,
    );
    expect(thirdPartyFeeListSchema.safeParse([fee, fee]).success).toBe(false);
    expect(thirdPartyFeeListSchema.safeParse([{ ...fee, amountIdr: 0 }]).success).toBe(false);
    expect(thirdPartyFeeListSchema.safeParse([{ ...fee, basis: " " }]).success).toBe(false);
    expect(thirdPartyFeeListSchema.safeParse([{ ...fee, kind: "pajak" }]).success).toBe(false);
    expect(thirdPartyFeeListSchema.safeParse([{ ...fee, extra: 1 }]).success).toBe(false);
  });

  it("are listed in the seed catalog for every service that says it has third-party costs, and only for those", () => {
    for (const service of CATALOG_SEED) {
      expect(thirdPartyFeeListSchema.safeParse(service.thirdPartyFees).success, service.code).toBe(true);
      expect(service.thirdPartyFees.length > 0, service.code).toBe(service.thirdParty !== null);
    }
  });
});

describe("the catalog's legal pass (issue 43)", () => {
  it("cites no regulation recorded as replaced in any fee's basis", () => {
    const cited = CATALOG_SEED.flatMap((service) =>
      service.thirdPartyFees.flatMap((fee) => replacedRegulationsIn(fee.basis).map((r) => `${service.code}.${fee.code}: ${r.name}`)),
    );
    expect(cited).toEqual([]);
    expect(replacedRegulationsIn("PP No. 28 Tahun 2019, Lampiran")).toHaveLength(1);
    expect(replacedRegulationsIn("PP 28/2019")).toHaveLength(1);
    expect(replacedRegulationsIn("PP No. 28 Tahun 2025 (Perizinan Berusaha Berbasis Risiko)")).toEqual([]);
  });

  it("charges every option of a field whose fees are charged by option", () => {
    expect(
      CATALOG_SEED.flatMap((service) => optionsWithoutFee(service.intake, service.thirdPartyFees).map((o) => `${service.code}: ${o}`)),
    ).toEqual([]);
    const fee = (option: string) => ({
      code: option,
      kind: "pnbp" as const,
      description: "x",
      amountIdr: 1,
      per: "x",
      basis: "x",
      appliesWhen: { field: "jenis", option },
    });
    const intake = [{ key: "jenis", label: "Jenis", required: true, type: "select" as const, options: ["A", "B"] }];
    expect(optionsWithoutFee(intake, [fee("A")])).toEqual(["jenis: B"]);
    expect(optionsWithoutFee(intake, [fee("A"), fee("B")])).toEqual([]);
  });

  it("promises no outcome in a description or a third-party note, and takes a disclaimer for one", () => {
    expect(
      CATALOG_SEED.flatMap((service) =>
        [service.description, service.thirdParty ?? ""].flatMap(outcomePromisesIn).map((phrase) => `${service.code}: ${phrase}`),
      ),
    ).toEqual([]);
    expect(outcomePromisesIn("Pengajuan pengesahan hingga terbit SK pengesahan.")).toEqual(["hingga terbit"]);
    expect(outcomePromisesIn("Izin dijamin keluar dalam 3 hari.")).toEqual(["dijamin"]);
    expect(outcomePromisesIn("Kami tidak dapat menjamin hasil perkara; keputusan ada pada hakim.")).toEqual([]);
  });

  it("dates every fee's last reading of its regulation, none over a year old", () => {
    const today = "2026-11-29";
    expect(
      CATALOG_SEED.flatMap((service) =>
        service.thirdPartyFees.filter((fee) => feeCheckStale(fee, today)).map((fee) => `${service.code}.${fee.code}`),
      ),
    ).toEqual([]);
    expect(feeCheckStale({ checkedOn: "2025-11-28" }, today)).toBe(true);
    expect(feeCheckStale({ checkedOn: "2025-11-30" }, today)).toBe(false);
    expect(feeCheckStale({}, today)).toBe(true);
  });
});
