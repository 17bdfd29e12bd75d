import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { categoryLabel } from "@/app/_components/format";
import { Card, PageTitle } from "@/app/_components/ui";
import { languageName } from "@/server/domain/practitioners/practitioner-profile";
import { portalPage } from "@/server/runtime/portal";
import { isNotFound } from "../../_components/not-found";
import { LicenseNumberForm } from "./license-form";

export const metadata: Metadata = { title: "Profil praktisi · Operator — Kuasa" };

/** The licence number's length the console accepts; the server says so too. */
const LICENSE_NUMBER_MAX = 100;

export default async function PractitionerProfilePage({ params }: { params: Promise<{ id: string }> }) {
  const { caller } = await portalPage("operator");
  const { id } = await params;
  const profile = await caller.operator
    .practitionerProfile({ practitionerId: id })
    .catch((err: unknown) => (isNotFound(err) ? notFound() : Promise.reject(err)));
  // Areas are the practitioner's description; the categories decide offering. An area outside them is a request to add it.
  const requested = profile.areas.filter((area) => !profile.categories.includes(area));
  return (
    <>
      <p className="back">
        <Link href="/operator/praktisi">← Semua praktisi</Link>
      </p>
      <PageTitle lead="Data yang Anda verifikasi, dan profil yang ditulis praktisi sendiri.">{profile.name}</PageTitle>
      <Card title="Data terverifikasi operator">
        <dl className="facts">
          <dt>Nama terverifikasi</dt>
          <dd>{profile.name}</dd>
          <dt>E-mail</dt>
          <dd>{profile.email}</dd>
          <dt>Label</dt>
          <dd>{profile.label ?? <span className="muted">Tanpa label</span>}</dd>
          <dt>Kategori penawaran</dt>
          <dd>{profile.categories.length ? profile.categories.map(categoryLabel).join(", ") : <span className="muted">Belum ada</span>}</dd>
        </dl>
        <p className="muted small">Label dan kategori diubah dari daftar praktisi.</p>
        <LicenseNumberForm practitionerId={id} licenseNumber={profile.licenseNumber} maxLength={LICENSE_NUMBER_MAX} />
      </Card>
      <Card title="Profil dari praktisi">
        <dl className="facts">
          <dt>Nama tampilan</dt>
          <dd>{profile.displayName ?? <span className="muted">Belum diisi (klien melihat nama terverifikasi)</span>}</dd>
          <dt>Bio</dt>
          <dd className="review-comment">{profile.bio ?? <span className="muted">Belum diisi</span>}</dd>
          <dt>Bidang keahlian</dt>
          <dd>{profile.areas.length ? profile.areas.map(categoryLabel).join(", ") : <span className="muted">Belum diisi</span>}</dd>
          <dt>Bahasa</dt>
          <dd>{profile.languages.length ? profile.languages.map(languageName).join(", ") : <span className="muted">Belum diisi</span>}</dd>
          <dt>Lama praktik</dt>
          <dd>{profile.yearsOfPractice === null ? <span className="muted">Belum diisi</span> : `${profile.yearsOfPractice} tahun`}</dd>
        </dl>
        {requested.length > 0 && (
          <p className="notice">
            Praktisi menyebut bidang di luar kategori penawarannya: {requested.map(categoryLabel).join(", ")}. Tambahkan ke kategorinya bila
            sudah Anda periksa; sampai itu, pesanan bidang ini tidak ditawarkan kepadanya.
          </p>
        )}
      </Card>
      <p>
        <Link href={`/operator/praktisi/${id}/rekening`}>Rekening pencairan: riwayat dan verifikasi</Link>
      </p>
    </>
  );
}
