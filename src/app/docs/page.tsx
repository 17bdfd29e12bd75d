import type { Metadata } from "next";
import styles from "./docs.module.css";
import { RedocView } from "./redoc-view";

export const metadata: Metadata = {
  title: "API reference — Kuasa",
  description: "Every /v1 operation, authentication, errors, rate limits and signed webhooks of the Kuasa Agent API.",
};

/**
 * The API reference: /v1/openapi.json rendered by Redoc, served by this server (works offline).
 * The quick start, errors, webhook signature and content rules are the document's own
 * `info.description` (src/server/api/openapi-guide.ts), so generators and models read them too.
 */
export default function ApiReference() {
  return (
    <main lang="en" className={styles.page}>
      <p className={`small ${styles.back}`} lang="id">
        <a href="/">← Kuasa</a> · Referensi API untuk pengembang agen AI (dalam bahasa Inggris).
      </p>
      <RedocView specUrl="/v1/openapi.json" />
    </main>
  );
}
