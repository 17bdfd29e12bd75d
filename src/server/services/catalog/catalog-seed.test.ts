import { describe, expect, it } from "vitest";
import { thirdPartyFeeListSchema } from "@/server/domain/catalog/third-party-fees";
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
