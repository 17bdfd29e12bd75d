import { describe, expect, it } from "vitest";
import { newTransferReference, referencesIn } from "./transfer-reference";

describe("an organisation's transfer reference", () => {
  it("is KSA and eight characters without I, L, O or U, short enough for every bank's transfer note", () => {
    for (let i = 0; i < 200; i++) expect(newTransferReference()).toMatch(/^KSA[0-9A-HJKMNP-TV-Z]{8}$/);
  });

  it("is found in a description however the bank or the sender split, dashed or cased it", () => {
    expect(referencesIn("TRSF E-BANKING CR 0311/FTSCY/WS95051 15000000.00 KSA7F3K9Q2M PT MAJU JAYA")).toEqual(["KSA7F3K9Q2M"]);
    expect(referencesIn("BI-FAST CR BIF TRANSFER DR 008 KSA 4B8N 2P6R CV SINAR")).toEqual(["KSA4B8N2P6R"]);
    expect(referencesIn("setoran ksa-4b8n-2p6r")).toEqual(["KSA4B8N2P6R"]);
  });

  it("reads I and L typed for 1 and O for 0", () => {
    expect(referencesIn("KSA7F3K9QOM")).toEqual(["KSA7F3K9Q0M"]);
    expect(referencesIn("KSAI2L4B8N2")).toEqual(["KSA1214B8N2"]);
  });

  it("answers every candidate, overlapping ones too, and none in a description without one", () => {
    expect(referencesIn("KSAKSA7F3K9Q2M")).toEqual(["KSAKSA7F3K9", "KSA7F3K9Q2M"]);
    expect(referencesIn("KSA7F3K9Q2M KSA4B8N2P6R")).toEqual(["KSA7F3K9Q2M", "KSA4B8N2P6R"]);
    expect(referencesIn("SETORAN TUNAI KUASA")).toEqual([]);
  });
});
