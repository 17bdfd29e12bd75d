import type { Metadata } from "next";
import { CredentialFacts, CredentialStatusPill, firstValidUntil } from "@/app/_components/credentials";
import { categoryLabel, formatDateTime } from "@/app/_components/format";
import { Card, PageTitle } from "@/app/_components/ui";
import { MIN_PASSWORD_LENGTH } from "@/server/domain/access/password";
import { ACCOUNT_NUMBER_DIGITS, BANKS } from "@/server/domain/money/bank-account";
import { CREDENTIAL_KIND_NAME } from "@/server/domain/practitioners/credentials";
import { PRACTICE_LANGUAGES, PROFILE_LIMITS } from "@/server/domain/practitioners/practitioner-profile";
import { portalPage } from "@/server/runtime/portal";
import { BankAccountForm } from "./bank-account-form";
import { ConflictList } from "./conflict-list";
import { SubmitCredentialForm } from "./credential-form";
import { OwnProfileForm } from "./own-profile-form";
import { PasswordForm } from "./password-form";
import { ProfileForm } from "./profile-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Profil · Praktisi — Kuasa" };

export default async function ProfilePage() {
  const { caller } = await portalPage("practitioner");
  const [profile, credentials, bankAccount, reviews, conflicts] = await Promise.all([
    caller.practitioner.profile(),
    caller.practitioner.credentials(),
    caller.practitioner.bankAccount(),
    caller.practitioner.reviews(),
    caller.practitioner.conflicts(),
  ]);
  return (
    <>
      <PageTitle lead="Data yang diverifikasi operator, kredensial Anda, profil yang Anda tulis sendiri, pihak yang berbenturan kepentingan dengan Anda, rekening pencairan, kapan Anda menerima tawaran baru, dan kata sandi akun.">
        Profil
      </PageTitle>
      <Card title="Data terverifikasi">
        <dl className="facts">
          <dt>Nama terverifikasi</dt>
          <dd>
            {profile.name}
            <Verified />
          </dd>
          <dt>E-mail</dt>
          <dd>{profile.email}</dd>
          <dt>Label profesi</dt>
          <dd>
            {profile.label ?? "Belum ada: muncul setelah kredensial Anda diverifikasi"}
            {profile.label && <Verified />}
          </dd>
          <dt>Kategori penawaran</dt>
          <dd>
            {profile.categories.length > 0
              ? profile.categories.map(categoryLabel).join(", ")
              : "Belum ada: Anda belum menerima tawaran pesanan"}
          </dd>
        </dl>
        <p className="muted small">
          Nama dan kategori penawaran diperiksa dan ditetapkan tim operator Kuasa; pesanan hanya ditawarkan dalam kategori penawaran. Untuk
          mengubahnya, kirim buktinya kepada operator. Label yang dilihat klien tidak diketik siapa pun: disusun dari kredensial Anda yang
          sudah diverifikasi dan masih berlaku.
        </p>
      </Card>
      <Card title="Kredensial">
        <p>
          Pesanan hanya ditawarkan bila Anda memegang kredensial terverifikasi yang masih berlaku, dan layanan yang mensyaratkan kredensial
          tertentu (mis. notaris untuk akta pendirian PT) hanya kepada pemegangnya. Bila kredensial kedaluwarsa, pekerjaan yang sudah Anda
          ambil tetap berjalan, tetapi tawaran baru untuk layanan yang membutuhkannya berhenti sampai kredensial yang diperbarui
          diverifikasi.
        </p>
        {credentials.length === 0 ? (
          <p className="muted">
            Belum ada kredensial. Ajukan kredensial pertama Anda di bawah; sampai ada yang terverifikasi, Anda tidak ditawari pesanan.
          </p>
        ) : (
          <ul className="plain-list credential-list" aria-label="Kredensial Anda">
            {credentials.map((credential) => (
              <li key={credential.id}>
                <article className="credential" aria-labelledby={`${credential.id}-title`}>
                  <header className="card-head">
                    <h3 id={`${credential.id}-title`}>{CREDENTIAL_KIND_NAME[credential.kind]}</h3>
                    <CredentialStatusPill status={credential.status} />
                  </header>
                  <CredentialFacts credential={credential} />
                </article>
              </li>
            ))}
          </ul>
        )}
        <SubmitCredentialForm minValidUntil={firstValidUntil()} />
      </Card>
      <OwnProfileForm profile={profile} languages={PRACTICE_LANGUAGES} limits={PROFILE_LIMITS} />
      <Card title="Ulasan klien">
        {reviews.count === 0 ? (
          <p className="muted">Belum ada ulasan. Klien dapat memberi nilai 1 sampai 5 dan komentar setelah pesanan selesai.</p>
        ) : (
          <>
            <p>
              <strong>{reviews.averageRating?.toLocaleString("id-ID")} dari 5</strong>{" "}
              <span className="muted">
                dari {reviews.count} ulasan{reviews.count > reviews.latest.length ? `; ${reviews.latest.length} terbaru di bawah` : ""}
              </span>
            </p>
            <ul className="plain-list review-list">
              {reviews.latest.map((review) => (
                <li key={review.id}>
                  <p>
                    <strong>Nilai {review.rating} dari 5</strong> · {review.service} ·{" "}
                    <time dateTime={new Date(review.createdAt).toISOString()}>{formatDateTime(review.createdAt)}</time>
                  </p>
                  {review.comment && <p className="review-comment">{review.comment}</p>}
                </li>
              ))}
            </ul>
            <p className="muted small">Ulasan ditampilkan tanpa nama klien atau organisasinya.</p>
          </>
        )}
      </Card>
      <ConflictList conflicts={conflicts} />
      <BankAccountForm account={bankAccount} banks={BANKS} digits={ACCOUNT_NUMBER_DIGITS} />
      <ProfileForm profile={profile} />
      <PasswordForm minLength={MIN_PASSWORD_LENGTH} />
    </>
  );
}

/** The mark beside what the operator checked. */
function Verified() {
  return (
    <span className="verified-mark">
      <span aria-hidden="true">✓ </span>diverifikasi operator
    </span>
  );
}
