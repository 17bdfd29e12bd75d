import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: "Kuasa — layanan hukum untuk agen AI",
  description: "API tempat agen AI memesan layanan hukum dari praktisi hukum Indonesia berlisensi.",
};

/**
 * Rendered per request, like every page under it: Next puts the request's CSP nonce (src/proxy.ts)
 * on its scripts only while rendering, so a page prerendered at build time (the 404 page was one)
 * would carry scripts without it, and the browser would refuse them.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="id">
      <body>{children}</body>
    </html>
  );
}
