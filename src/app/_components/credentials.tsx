import type { ReactNode } from "react";
import type { z } from "zod";
import type { credentialOutput } from "@/server/api/schemas/practitioners/credential-portal";
import { jakartaDay } from "@/server/domain/clock";
import { provinceName } from "@/server/domain/places/provinces";
import { type CredentialStatus, PROVINCIAL_KINDS } from "@/server/domain/practitioners/credentials";
import { ScanLink } from "./credential-scan";
import { formatDateTime, formatDay } from "./format";

/** A credential as the portals read it; `counts` (verified and valid today) where the list says so. */
export type PortalCredential = z.infer<typeof credentialOutput> & { counts?: boolean };

/** The first day a credential's validity may end on: tomorrow in Jakarta (one ending today never counts). */
export const firstValidUntil = () => jakartaDay(new Date(Date.now() + 24 * 60 * 60 * 1000));

/** How each credential status reads to a person. */
const CREDENTIAL_STATUS_LABEL: Record<CredentialStatus, string> = {
  menunggu_verifikasi: "Menunggu verifikasi",
  terverifikasi: "Terverifikasi",
  ditolak: "Ditolak",
  kedaluwarsa: "Kedaluwarsa",
};

const STATUS_TONE: Record<CredentialStatus, string> = {
  menunggu_verifikasi: "pill-warn",
  terverifikasi: "pill-ok",
  ditolak: "pill-bad",
  kedaluwarsa: "pill-muted",
};

export function CredentialStatusPill({ status }: { status: CredentialStatus }) {
  return <span className={`pill ${STATUS_TONE[status]}`}>{CREDENTIAL_STATUS_LABEL[status]}</span>;
}

/** Whether it counts for offers and the label, in words; only for a list that says (`counts`). */
function countsText(credential: PortalCredential): ReactNode {
  if (credential.counts) return "Ya: terverifikasi dan berlaku hari ini";
  if (credential.status === "terverifikasi") return <span className="muted">Tidak: sudah lewat tanggal berlakunya</span>;
  if (credential.status === "menunggu_verifikasi") return <span className="muted">Belum: menunggu verifikasi operator</span>;
  return <span className="muted">Tidak</span>;
}

/**
 * A credential's facts: issuer, number, province (notaris and PPAT), how long it is valid, its
 * scan (a link that opens it), and,
 * when the list says so, whether it counts today; the reason when it was rejected or revoked.
 */
export function CredentialFacts({ credential }: { credential: PortalCredential }) {
  return (
    <dl className="facts">
      <dt>Penerbit</dt>
      <dd>{credential.issuer}</dd>
      <dt>Nomor</dt>
      <dd>
        <code>{credential.number}</code>
      </dd>
      {PROVINCIAL_KINDS.has(credential.kind) && (
        <>
          <dt>Wilayah jabatan</dt>
          <dd>{credential.province ? provinceName(credential.province) : <span className="muted">Belum disebut</span>}</dd>
        </>
      )}
      <dt>Berlaku sampai</dt>
      <dd>{credential.validUntil ? formatDay(credential.validUntil) : "Tidak kedaluwarsa"}</dd>
      <dt>Pindaian</dt>
      <dd>{credential.scan ? <ScanLink scan={credential.scan} /> : <span className="muted">Tidak ada</span>}</dd>
      {credential.counts !== undefined && (
        <>
          <dt>Dihitung</dt>
          <dd>{countsText(credential)}</dd>
        </>
      )}
      {credential.status === "ditolak" && (
        <>
          <dt>Alasan</dt>
          <dd className="review-comment">{credential.reason ?? <span className="muted">Tanpa alasan tertulis</span>}</dd>
        </>
      )}
      <dt>Dicatat</dt>
      <dd>{formatDateTime(credential.createdAt)}</dd>
      {credential.decidedAt && (
        <>
          <dt>Diputuskan</dt>
          <dd>{formatDateTime(credential.decidedAt)}</dd>
        </>
      )}
    </dl>
  );
}
