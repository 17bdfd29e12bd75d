import type { Metadata } from "next";
import Link from "next/link";
import { CardList } from "@/app/_components/card-list";
import { firstValidUntil } from "@/app/_components/credentials";
import { formatDateTime } from "@/app/_components/format";
import { PageTitle } from "@/app/_components/ui";
import { CREDENTIAL_KIND_NAME } from "@/server/domain/practitioners/credentials";
import { portalPage } from "@/server/runtime/portal";
import { CredentialDecision } from "../_components/credential-actions";

export const metadata: Metadata = { title: "Verifikasi kredensial · Operator — Kuasa" };

export default async function CredentialQueuePage() {
  const { caller } = await portalPage("operator");
  const queue = await caller.operator.credentialQueue();
  const minValidUntil = firstValidUntil();
  return (
    <>
      <PageTitle lead="Kredensial yang diajukan praktisi, yang paling lama menunggu di atas. Cocokkan setiap kredensial dengan register penerbitnya (mis. daftar advokat organisasinya, AHU Online untuk notaris), koreksi yang salah ketik, lalu verifikasi, atau tolak dengan alasan yang dibaca praktisi.">
        Verifikasi kredensial
      </PageTitle>
      <CardList
        label="Kredensial yang menunggu verifikasi"
        items={queue}
        itemKey={(credential) => credential.id}
        empty={{
          title: "Tidak ada kredensial yang menunggu verifikasi.",
          hint: "Kredensial muncul di sini saat praktisi mengajukannya dari profilnya. Kredensial yang Anda periksa sendiri dicatat dari halaman praktisinya.",
        }}
        render={(credential) => (
          <article className="card" aria-labelledby={`${credential.id}-title`}>
            <header className="card-head">
              <div>
                <h2 id={`${credential.id}-title`}>
                  {CREDENTIAL_KIND_NAME[credential.kind]} · {credential.practitioner.name}
                </h2>
                <p className="muted small">
                  Diajukan {formatDateTime(credential.createdAt)} ·{" "}
                  <Link href={`/operator/praktisi/${credential.practitioner.id}`}>Profil dan kredensial lainnya</Link>
                </p>
              </div>
            </header>
            <CredentialDecision credential={credential} practitionerName={credential.practitioner.name} minValidUntil={minValidUntil} />
          </article>
        )}
      />
      {queue.length >= 200 && (
        <p className="muted small">Menampilkan 200 yang paling lama menunggu. Selesaikan yang ini dulu; sisanya muncul setelahnya.</p>
      )}
    </>
  );
}
