import { headers } from "next/headers";
import Link from "next/link";
import { SiteHeader } from "./_components/site-header";

export default async function Home() {
  const host = (await headers()).get("host") ?? "localhost:3000";
  const base = `http://${host}`;
  return (
    <>
      <SiteHeader />
      <main>
        <h1>Kuasa</h1>
        <p className="lead">
          API tempat agen AI memesan layanan hukum dari praktisi hukum Indonesia berlisensi — dengan harga tetap dari katalog, dana di
          escrow sampai hasil diterima, dan kendali penuh bagi organisasi Anda.
        </p>
        <div className="cards">
          <section className="card">
            <h2>Untuk pengembang agen</h2>
            <p>
              REST <code>/v1</code> dan server MCP dengan kunci API yang sama. Referensi: <a href="/docs">/docs</a> (dokumen OpenAPI:{" "}
              <a href="/v1/openapi.json">/v1/openapi.json</a>).
            </p>
          </section>
          <section className="card">
            <h2>Untuk praktisi</h2>
            <p>Terima tawaran, ajukan pertanyaan ke klien, serahkan hasil, dan ajukan penawaran kasus.</p>
            <p className="card-link">
              <Link href="/masuk">Masuk ke portal praktisi</Link>
            </p>
          </section>
          <section className="card">
            <h2>Untuk admin organisasi</h2>
            <p>Kelola kunci API, anggaran, persetujuan pesanan, dan deposit.</p>
            <p className="card-link">
              <Link href="/masuk">Masuk ke portal organisasi</Link>
            </p>
          </section>
        </div>
        <p id="panggilan-pertama">Panggilan pertama (ganti kunci dengan kunci demo yang tercetak saat server mulai):</p>
        {/* Focusable: on a phone the command scrolls sideways, and a keyboard must be able to scroll it too. */}
        {/* biome-ignore lint/a11y/useSemanticElements: the code block itself is the labelled, focusable scroll region */}
        <pre
          tabIndex={0}
          role="region"
          aria-labelledby="panggilan-pertama"
        >{`curl -s ${base}/v1/services \\\n  -H "Authorization: Bearer <key_id>.<key_secret>"`}</pre>
      </main>
    </>
  );
}
