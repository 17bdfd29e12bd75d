"use client";
import { type FormEvent, useState } from "react";
import { useAction } from "@/app/_components/action";
import { Field, FormMessages } from "@/app/_components/field";
import { categoryLabel } from "@/app/_components/format";
import { trpc } from "@/app/_components/trpc";
import { Card } from "@/app/_components/ui";
import { useHydrated } from "@/app/_components/use-hydrated";

interface OwnProfile {
  name: string;
  displayName: string | null;
  bio: string | null;
  areas: string[];
  languages: string[];
  yearsOfPractice: number | null;
  areaChoices: string[];
}

interface Limits {
  displayName: number;
  bio: number;
  languages: number;
  yearsOfPractice: { min: number; max: number };
}

/** The profile the practitioner writes themselves; the page re-renders with what was stored. */
export function OwnProfileForm({
  profile,
  languages,
  limits,
}: {
  profile: OwnProfile;
  languages: ReadonlyArray<{ code: string; name: string }>;
  limits: Limits;
}) {
  const { busy, error, setError, run } = useAction(undefined, { success: "Profil disimpan." });
  const hydrated = useHydrated();
  const [bioLength, setBioLength] = useState(profile.bio?.length ?? 0);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const chosenLanguages = data.getAll("languages").map(String);
    if (chosenLanguages.length > limits.languages) return setError(`Pilih paling banyak ${limits.languages} bahasa.`);
    const years = String(data.get("yearsOfPractice") ?? "").trim();
    void run(() =>
      trpc.practitioner.updateProfile.mutate({
        displayName: String(data.get("displayName") ?? ""),
        bio: String(data.get("bio") ?? ""),
        areas: data.getAll("areas").map(String),
        languages: chosenLanguages,
        yearsOfPractice: years === "" ? null : Number(years),
      }),
    );
  }

  return (
    <Card title="Profil Anda">
      <form onSubmit={submit} className="form stack" aria-label="Profil Anda">
        <Field
          label="Nama tampilan"
          hint={`Nama yang dilihat klien. Harus memuat nama terverifikasi Anda (${profile.name}); boleh ditambah gelar. Kosongkan untuk memakai nama terverifikasi.`}
        >
          {(control) => (
            <input
              {...control}
              name="displayName"
              defaultValue={profile.displayName ?? ""}
              maxLength={limits.displayName}
              placeholder={`${profile.name}, S.H.`}
              autoComplete="off"
            />
          )}
        </Field>
        <Field
          label="Bio"
          hint={`Pengalaman dan cara Anda bekerja, paling banyak ${limits.bio.toLocaleString("id-ID")} karakter (${bioLength.toLocaleString("id-ID")} terpakai). Tanpa e-mail, nomor telepon, tautan, atau akun media sosial: klien menghubungi Anda lewat pesanan di Kuasa.`}
        >
          {(control) => (
            <textarea
              {...control}
              name="bio"
              rows={5}
              defaultValue={profile.bio ?? ""}
              maxLength={limits.bio}
              onChange={(event) => setBioLength(event.target.value.length)}
            />
          )}
        </Field>
        <fieldset className="checks narrow-columns" aria-describedby="areas-hint">
          <legend>Bidang keahlian</legend>
          {profile.areaChoices.map((area) => (
            <label key={area} className="check">
              <input type="checkbox" name="areas" value={area} defaultChecked={profile.areas.includes(area)} />
              <span>{categoryLabel(area)}</span>
            </label>
          ))}
        </fieldset>
        <p id="areas-hint" className="hint">
          Menggambarkan praktik Anda kepada operator. Tawaran pesanan tetap mengikuti kategori penawaran yang diverifikasi operator; bidang
          di luar kategori itu dibaca operator sebagai permintaan untuk ditambahkan.
        </p>
        <fieldset className="checks narrow-columns">
          <legend>Bahasa (paling banyak {limits.languages})</legend>
          {languages.map((language) => (
            <label key={language.code} className="check">
              <input type="checkbox" name="languages" value={language.code} defaultChecked={profile.languages.includes(language.code)} />
              <span>{language.name}</span>
            </label>
          ))}
        </fieldset>
        <Field
          label="Lama praktik (tahun)"
          hint={`${limits.yearsOfPractice.min} sampai ${limits.yearsOfPractice.max}; kosongkan bila tidak ingin ditampilkan.`}
        >
          {(control) => (
            <input
              {...control}
              name="yearsOfPractice"
              type="number"
              inputMode="numeric"
              min={limits.yearsOfPractice.min}
              max={limits.yearsOfPractice.max}
              step={1}
              defaultValue={profile.yearsOfPractice ?? ""}
              className="input-short"
            />
          )}
        </Field>
        <FormMessages error={error} />
        <div className="row">
          <button type="submit" className="button" disabled={busy || !hydrated}>
            {busy ? "Menyimpan…" : "Simpan profil"}
          </button>
        </div>
      </form>
    </Card>
  );
}
