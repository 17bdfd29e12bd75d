import { redirect } from "next/navigation";
import { signInReturnPath } from "@/server/domain/access/oauth";
import { PORTAL_HOME } from "@/server/domain/access/portal-user";
import { currentPortalUser } from "@/server/runtime/portal";
import { SiteHeader } from "../_components/site-header";
import { SignInForm } from "./sign-in-form";

export const dynamic = "force-dynamic";

/** What the page confirms when the user arrives from a finished step that ends at signing in. */
const ARRIVAL_NOTICE: Record<string, string> = {
  "sandi=baru": "Kata sandi Anda sudah diganti dan semua sesi lama sudah keluar. Masuk dengan kata sandi baru.",
  "undangan=diterima": "Undangan diterima dan akun Anda sudah dibuat. Masuk dengan kata sandi yang baru Anda buat.",
};

/** What a device link from the e-mail looks like (domain/access/device-cookie.ts); anything else is ignored. */
const DEVICE_LINK = /^[A-Za-z0-9_-]{16,64}\.[A-Za-z0-9_-]{16,64}\.\d{1,12}\.[A-Za-z0-9_-]{43}$/;
const DEVICE_LINK_NOTICE = "Tautan dari e-mail terbuka di perangkat ini. Masuk dengan e-mail dan kata sandi Anda seperti biasa.";

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ email?: string; sandi?: string; undangan?: string; lanjut?: string; perangkat?: string }>;
}) {
  const { email, sandi, undangan, lanjut, perangkat } = await searchParams;
  // The e-mailed device link: the server checks it at sign-in, this only keeps out what cannot be one.
  const deviceLink = typeof perangkat === "string" && DEVICE_LINK.test(perangkat) ? perangkat : null;
  // An application's consent page sent the admin here: sign-in returns there.
  const returnTo = signInReturnPath(typeof lanjut === "string" ? lanjut : undefined);
  const notice = ARRIVAL_NOTICE[`sandi=${sandi}`] ?? ARRIVAL_NOTICE[`undangan=${undangan}`] ?? (deviceLink ? DEVICE_LINK_NOTICE : null);
  // A session that no longer stands (a deactivated practitioner) sees the form, not a redirect loop.
  const user = await currentPortalUser();
  if (user) redirect(returnTo ?? PORTAL_HOME[user.role]);
  return (
    <>
      <SiteHeader current="/masuk" />
      <main className="narrow">
        <h1>Masuk ke Kuasa</h1>
        <p className="muted">
          {returnTo
            ? "Masuk sebagai admin organisasi untuk memutuskan izin aplikasi yang meminta akses ke Kuasa."
            : "Untuk praktisi, admin organisasi, dan tim operator."}
        </p>
        <SignInForm
          email={typeof email === "string" ? email.slice(0, 320) : undefined}
          notice={notice}
          returnTo={returnTo}
          deviceLink={deviceLink}
        />
      </main>
    </>
  );
}
