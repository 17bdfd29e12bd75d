import type { Metadata } from "next";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: "Kuasa — layanan hukum untuk agen AI",
  description: "API tempat agen AI memesan layanan hukum dari praktisi hukum Indonesia berlisensi.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="id">
      <body>{children}</body>
    </html>
  );
}
