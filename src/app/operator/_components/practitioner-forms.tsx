"use client";
import Link from "next/link";
import { type FormEvent, useState } from "react";
import { useAction } from "@/app/_components/action";
import { ConfirmDialogButton } from "@/app/_components/confirm-dialog";
import { Field, FormMessages } from "@/app/_components/field";
import { formatRupiah } from "@/app/_components/format";
import { trpc } from "@/app/_components/trpc";
import { CategoryChecks } from "./categories";
import { MoneyForm } from "./money-form";

const MESSAGES = {
  CONFLICT: "E-mail ini sudah dipakai akun lain. Gunakan e-mail lain, atau cari praktisinya di daftar.",
  NOT_FOUND: "Praktisi ini tidak ditemukan. Muat ulang halaman.",
};

/** A readable random password for the operator to hand over (letters and digits, 16 characters). */
function randomPassword(): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return Array.from(crypto.getRandomValues(new Uint32Array(16)), (n) => alphabet[n % alphabet.length]).join("");
}

function readProfile(data: FormData) {
  return { categories: data.getAll("categories").map(String) };
}

export function CreatePractitionerForm({ categories, minPasswordLength }: { categories: readonly string[]; minPasswordLength: number }) {
  const { busy, error, setError, run } = useAction(MESSAGES);
  const [password, setPassword] = useState("");
  const [created, setCreated] = useState<{ id: string; text: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setCreated(null);
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get("name") ?? "").trim();
    const email = String(data.get("email") ?? "").trim();
    const profile = readProfile(data);
    const problem = !name
      ? "Isi nama lengkap praktisi."
      : !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)
        ? "Isi e-mail yang valid; praktisi masuk dengan e-mail ini."
        : password.length < minPasswordLength
          ? `Kata sandi minimal ${minPasswordLength} karakter. Tekan "Buat acak" untuk membuatnya.`
          : profile.categories.length === 0
            ? "Pilih setidaknya satu kategori; tanpa kategori praktisi tidak pernah ditawari pesanan."
            : null;
    if (problem) {
      setError(problem);
      return;
    }
    const result = await run(() => trpc.operator.createPractitioner.mutate({ name, email, password, ...profile }));
    if (result.ok) {
      form.reset();
      setPassword("");
      setCreated({
        id: result.value.id,
        text: `${name} terdaftar. Berikan e-mail ${email} dan kata sandinya lewat saluran aman; praktisi masuk di /masuk.`,
      });
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="form-grid">
        <label>
          Nama lengkap
          <input name="name" maxLength={200} autoComplete="off" required />
        </label>
        <label>
          E-mail
          <input name="email" type="email" maxLength={320} autoComplete="off" required />
        </label>
        <Field label="Kata sandi awal" hint={`Minimal ${minPasswordLength} karakter. Terlihat di sini agar bisa Anda salin dan serahkan.`}>
          {(control) => (
            <span className="row nowrap">
              <input
                {...control}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                minLength={minPasswordLength}
                autoComplete="new-password"
                spellCheck={false}
                required
              />
              <button type="button" className="button secondary" onClick={() => setPassword(randomPassword())}>
                Buat acak
              </button>
            </span>
          )}
        </Field>
      </div>
      <CategoryChecks categories={categories} legend="Kategori layanan yang ditangani" />
      <p className="hint">
        Kredensialnya (kartu advokat, SK notaris, …) dicatat di halaman praktisi setelah terdaftar, atau diajukan praktisi dari profilnya;
        tanpa kredensial terverifikasi yang berlaku, praktisi tidak ditawari pesanan.
      </p>
      <FormMessages error={error} />
      {created && (
        <p className="notice" role="status">
          {created.text} Praktisi baru ditawari pesanan setelah punya kredensial terverifikasi:{" "}
          <Link href={`/operator/praktisi/${created.id}`}>catat kredensialnya</Link>, atau minta ia mengajukannya dari profilnya.
        </p>
      )}
      <div className="row">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Menyimpan…" : "Daftarkan praktisi"}
        </button>
      </div>
    </form>
  );
}

export function EditPractitionerForm({
  practitionerId,
  checked,
  categories,
}: {
  practitionerId: string;
  checked: readonly string[];
  categories: readonly string[];
}) {
  const { busy, error, run } = useAction(MESSAGES);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const result = await run(() =>
      trpc.operator.updatePractitioner.mutate({ practitionerId, ...readProfile(new FormData(event.currentTarget)) }),
    );
    setSaved(result.ok);
  }

  return (
    <form className="form compact" onSubmit={submit} noValidate>
      <CategoryChecks categories={categories} checked={checked} legend="Kategori" />
      <FormMessages error={error} />
      {saved && (
        <p className="notice" role="status">
          Tersimpan. Berlaku untuk tawaran berikutnya.
        </p>
      )}
      <div className="row">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Menyimpan…" : "Simpan perubahan"}
        </button>
      </div>
    </form>
  );
}

export function ActiveToggle({
  practitionerId,
  name,
  active,
  liveOffers,
}: {
  practitionerId: string;
  name: string;
  active: boolean;
  liveOffers: number;
}) {
  const { busy, error, run } = useAction(MESSAGES);
  const set = (next: boolean) => run(() => trpc.operator.setPractitionerActive.mutate({ practitionerId, active: next }));
  return (
    <div>
      {active ? (
        <ConfirmDialogButton
          label="Nonaktifkan"
          title={`Nonaktifkan ${name}?`}
          confirmLabel="Ya, nonaktifkan"
          tone="secondary"
          danger
          busy={busy}
          onConfirm={() => set(false)}
        >
          <p>
            {name} tidak bisa masuk dan tidak ditawari pesanan baru.{" "}
            {liveOffers > 0 ? `${liveOffers} tawaran yang sedang berjalan ditarik dan langsung diteruskan ke praktisi berikutnya. ` : ""}
            Pesanan yang sudah diambilnya tetap padanya; tangani lewat Antrean pesanan bila perlu.
          </p>
        </ConfirmDialogButton>
      ) : (
        <button type="button" className="button" disabled={busy} onClick={() => void set(true)}>
          {busy ? "Memproses…" : "Aktifkan"}
        </button>
      )}
      <FormMessages error={error} />
    </div>
  );
}

/**
 * Records money paid to the practitioner's verified bank account; it cannot exceed what they are
 * owed. An account changed or verified in the last 24 hours asks a second time: a hijacked
 * account is changed just before a payout, so the operator checks with the practitioner first.
 */
export function PayoutForm({
  practitionerId,
  name,
  payableIdr,
  account,
}: {
  practitionerId: string;
  name: string;
  payableIdr: number;
  /** The practitioner's current account, verified: "BCA •••• 1234 a.n. …", and whether it changed or was verified in the last 24 hours. */
  account: { destination: string; recent: boolean };
}) {
  return (
    <MoneyForm
      noun="pencairan"
      confirmTitle={`Catat pencairan ke ${name}?`}
      messages={{
        CONFLICT: `Jumlahnya melebihi saldo ${name} (${formatRupiah(payableIdr)} saat halaman dimuat). Periksa saldo terbarunya lalu catat jumlah yang benar-benar ditransfer.`,
        INVALID_STATE: `Rekening ${name} berubah sejak halaman dimuat: belum diverifikasi, atau baru diganti sehingga perlu konfirmasi kedua. Muat ulang halaman dan periksa rekeningnya.`,
        NOT_FOUND: MESSAGES.NOT_FOUND,
      }}
      describe={(amount, reference) => (
        <>
          <strong>{amount}</strong> keluar dari saldo <strong>{name}</strong> ke <strong>{account.destination}</strong>, dengan referensi
          transfer {reference}.
        </>
      )}
      secondConfirmation={
        account.recent
          ? {
              title: "Rekening ini baru diubah atau diverifikasi",
              confirmLabel: "Ya, rekening sudah saya pastikan",
              body: (
                <p>
                  Rekening <strong>{account.destination}</strong> diubah atau diverifikasi kurang dari 24 jam lalu. Pastikan langsung dengan{" "}
                  {name} (bukan lewat pesan yang baru masuk) bahwa rekening ini miliknya sebelum mencatat pencairan.
                </p>
              ),
            }
          : undefined
      }
      record={async (amountIdr, reference) => {
        const paid = await trpc.operator.recordPayout.mutate({
          practitionerId,
          amountIdr,
          reference,
          // MoneyForm records only after the second dialog when the account is recent.
          confirmedRecentAccount: account.recent,
        });
        return {
          toast: `Pencairan ${formatRupiah(amountIdr)} ke ${name} tercatat.`,
          done: `Tercatat ke ${paid.destination}. Saldo ${name} sekarang ${formatRupiah(paid.availableIdr)}.`,
        };
      }}
    />
  );
}

/** The operator confirms the practitioner's current account is theirs; payouts go only to a verified account. */
export function VerifyBankAccountButton({
  practitionerId,
  bankAccountId,
  name,
  destination,
}: {
  practitionerId: string;
  bankAccountId: string;
  name: string;
  destination: string;
}) {
  const { busy, error, run } = useAction(
    { INVALID_STATE: "Praktisi sudah mengganti rekening ini. Muat ulang halaman lalu verifikasi rekening terbarunya." },
    { success: "Rekening diverifikasi." },
  );
  return (
    <div>
      <ConfirmDialogButton
        label="Verifikasi rekening"
        title={`Verifikasi rekening ${name}?`}
        confirmLabel="Ya, verifikasi"
        busy={busy}
        onConfirm={() => run(() => trpc.operator.verifyBankAccount.mutate({ practitionerId, bankAccountId }))}
      >
        <p>
          Pencairan ke <strong>{destination}</strong> akan diizinkan. Verifikasi hanya setelah Anda memastikan langsung dengan {name} bahwa
          rekening ini miliknya. Selama 24 jam setelah verifikasi, setiap pencairan meminta konfirmasi kedua.
        </p>
      </ConfirmDialogButton>
      <FormMessages error={error} />
    </div>
  );
}
