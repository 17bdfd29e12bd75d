import Link from "next/link";
import { SiteHeader } from "./_components/site-header";

export default function NotFound() {
  return (
    <>
      <SiteHeader />
      <main>
        <p className="eyebrow">Galat 404</p>
        <h1>Halaman tidak ditemukan</h1>
        <p className="lead">
          Alamat ini tidak ada di Kuasa, atau datanya sudah tidak tersedia. Periksa kembali alamatnya, atau mulai dari salah satu halaman
          ini:
        </p>
        <ul className="link-list">
          <li>
            <Link href="/">Beranda Kuasa</Link>: apa itu Kuasa dan cara memakai API-nya
          </li>
          <li>
            <Link href="/masuk">Masuk</Link>: portal praktisi, admin organisasi, dan operator
          </li>
          <li>
            <Link href="/docs">Dokumentasi API</Link>
          </li>
        </ul>
      </main>
    </>
  );
}
