import type { Metadata } from "next";
import { categoryLabel } from "@/app/_components/format";
import { Card, PageTitle } from "@/app/_components/ui";
import { MIN_PASSWORD_LENGTH } from "@/server/domain/password";
import { portalPage } from "@/server/runtime/portal";
import { PasswordForm } from "./password-form";
import { ProfileForm } from "./profile-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Profil · Praktisi — Kuasa" };

export default async function ProfilePage() {
  const { caller } = await portalPage("practitioner");
  const profile = await caller.practitioner.profile();
  return (
    <>
      <PageTitle lead="Data profesi Anda, kapan Anda menerima tawaran baru, dan kata sandi akun.">Profil</PageTitle>
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
      <ProfileForm profile={profile} />
      <PasswordForm minLength={MIN_PASSWORD_LENGTH} />
    </>
  );
}
