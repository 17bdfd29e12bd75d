import type { Metadata } from "next";
import { categoryLabel, formatDateTime } from "@/app/_components/format";
import { Card, PageTitle } from "@/app/_components/ui";
import { ACCOUNT_NUMBER_DIGITS, BANKS } from "@/server/domain/bank-account";
import { MIN_PASSWORD_LENGTH } from "@/server/domain/password";
import { portalPage } from "@/server/runtime/portal";
import { BankAccountForm } from "./bank-account-form";
import { PasswordForm } from "./password-form";
import { ProfileForm } from "./profile-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Profil · Praktisi — Kuasa" };

export default async function ProfilePage() {
  const { caller } = await portalPage("practitioner");
  const [profile, bankAccount, reviews] = await Promise.all([
    caller.practitioner.profile(),
    caller.practitioner.bankAccount(),
    caller.practitioner.reviews(),
  ]);
  return (
    <>
      <PageTitle lead="Data profesi Anda, rekening pencairan, kapan Anda menerima tawaran baru, dan kata sandi akun.">Profil</PageTitle>
      <Card title="Data profesi">
        <dl className="facts">
          <dt>Nama</dt>
          <dd>{profile.name}</dd>
          <dt>E-mail</dt>
          <dd>{profile.email}</dd>
          <dt>Gelar profesi</dt>
          <dd>{profile.label ?? "Belum ditetapkan"}</dd>
          <dt>Bidang layanan</dt>
          <dd>
            {profile.categories.length > 0
              ? profile.categories.map(categoryLabel).join(", ")
              : "Belum ada: Anda belum menerima tawaran pesanan"}
          </dd>
        </dl>
        <p className="muted small">
          Nama, gelar profesi, dan bidang layanan ditetapkan oleh tim operator Kuasa. Untuk mengubahnya, hubungi operator.
        </p>
      </Card>
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
      <BankAccountForm account={bankAccount} banks={BANKS} digits={ACCOUNT_NUMBER_DIGITS} />
      <ProfileForm profile={profile} />
      <PasswordForm minLength={MIN_PASSWORD_LENGTH} />
    </>
  );
}
