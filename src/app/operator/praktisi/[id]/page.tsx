import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CredentialFacts, CredentialStatusPill, firstValidUntil } from "@/app/_components/credentials";
import { categoryLabel, formatDateTime } from "@/app/_components/format";
import { Card, EmptyState, PageTitle } from "@/app/_components/ui";
import { CREDENTIAL_KIND_NAME } from "@/server/domain/practitioners/credentials";
import { languageName } from "@/server/domain/practitioners/practitioner-profile";
import { portalPage } from "@/server/runtime/portal";
import { AddCredentialForm, CredentialDecision, RevokeCredential } from "../../_components/credential-actions";
import { isNotFound } from "../../_components/not-found";

export const metadata: Metadata = { title: "Profil praktisi · Operator — Kuasa" };

export default async function PractitionerProfilePage({ params }: { params: Promise<{ id: string }> }) {
  const { caller } = await portalPage("operator");
  const { id } = await params;
  const [profile, credentials] = await Promise.all([
    caller.operator
      .practitionerProfile({ practitionerId: id })
      .catch((err: unknown) => (isNotFound(err) ? notFound() : Promise.reject(err))),
    caller.operator.practitionerCredentials({ practitionerId: id }).catch((err: unknown) => (isNotFound(err) ? [] : Promise.reject(err))),
  ]);
  // Areas are the practitioner's description; the categories decide offering. An area outside them is a request to add it.
  const requested = profile.areas.filter((area) => !profile.categories.includes(area));
  const minValidUntil = firstValidUntil();
  return (
    <>
      <p className="back">
        <Link href="/operator/praktisi">← Semua praktisi</Link>
      </p>
      <PageTitle lead="Data yang Anda verifikasi, kredensialnya, dan profil yang ditulis praktisi sendiri.">{profile.name}</PageTitle>
      <Card title="Data terverifikasi operator">
        <dl className="facts">
          <dt>Nama terverifikasi</dt>
          <dd>{profile.name}</dd>
          <dt>E-mail</dt>
          <dd>{profile.email}</dd>
          <dt>Label</dt>
          <dd>{profile.label ?? <span className="muted">Belum ada kredensial yang berlaku: tidak ditawari pesanan</span>}</dd>
          <dt>Kategori penawaran</dt>
          <dd>{profile.categories.length ? profile.categories.map(categoryLabel).join(", ") : <span className="muted">Belum ada</span>}</dd>
        </dl>
        <p className="muted small">
          Label disusun dari kredensial yang terverifikasi dan masih berlaku (di bawah); kategori diubah dari daftar praktisi.
        </p>
      </Card>
      <Card title="Kredensial">
        <p className="muted small">
          Yang terbaru di atas. Hanya kredensial terverifikasi yang belum lewat tanggal berlakunya dihitung untuk label dan tawaran; notaris
          dan PPAT hanya untuk pesanan di provinsinya.
        </p>
        {credentials.length === 0 ? (
          <EmptyState
            title="Belum ada kredensial."
            hint="Tanpa kredensial terverifikasi yang berlaku, praktisi ini tidak ditawari pesanan apa pun. Catat kredensial yang sudah Anda periksa di bawah, atau minta praktisi mengajukannya dari profilnya."
          />
        ) : (
          <ul className="plain-list credential-list" aria-label="Kredensial praktisi">
            {credentials.map((credential) => (
              <li key={credential.id}>
                <article className="credential" aria-labelledby={`${credential.id}-title`}>
                  <header className="card-head">
                    <h3 id={`${credential.id}-title`}>{CREDENTIAL_KIND_NAME[credential.kind]}</h3>
                    <CredentialStatusPill status={credential.status} />
                  </header>
                  {credential.status === "menunggu_verifikasi" ? (
                    <>
                      <p className="muted small credential-note">
                        Diajukan {formatDateTime(credential.createdAt)}. Cocokkan dengan register penerbitnya; koreksi yang salah ketik
                        sebelum memverifikasi.
                      </p>
                      <CredentialDecision credential={credential} practitionerName={profile.name} minValidUntil={minValidUntil} />
                    </>
                  ) : (
                    <CredentialFacts credential={credential} />
                  )}
                  {credential.status === "terverifikasi" && <RevokeCredential credential={credential} practitionerName={profile.name} />}
                </article>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Tambah kredensial terverifikasi">
        <AddCredentialForm practitionerId={id} name={profile.name} minValidUntil={minValidUntil} />
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
