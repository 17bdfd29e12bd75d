import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { authOptions } from "@/server/auth/options";
import { PORTAL_HOME, type PortalUser } from "@/server/auth/session";
import { SignInForm } from "./sign-in-form";

export const dynamic = "force-dynamic";

export default async function SignInPage() {
  const user = (await getServerSession(authOptions))?.user as PortalUser | undefined;
  if (user) redirect(PORTAL_HOME[user.role]);
  return (
    <main className="narrow">
      <h1>Masuk ke Kuasa</h1>
      <p className="muted">Untuk praktisi, admin organisasi, dan tim operator.</p>
      <SignInForm />
    </main>
  );
}
