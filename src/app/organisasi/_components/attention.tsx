import Link from "next/link";
import { EmptyState } from "@/app/_components/ui";
import { type DataMode, inMode } from "./mode";

interface Attention {
  awaitingAcceptance: number;
  awaitingAnswer: number;
  stalled: number;
  awaitingApproval: number;
  undecidedCosts: number;
  unpaidInvoices: number;
}

/** What needs the admin now, each a count linking to the list that shows exactly those; nothing: an all-clear. */
export function AttentionList({ attention, mode }: { attention: Attention; mode: DataMode }) {
  const items = [
    {
      count: attention.awaitingAnswer,
      text: "pertanyaan praktisi menunggu jawaban",
      href: inMode("/organisasi/pesanan?status=butuh_input_klien", mode),
    },
    {
      count: attention.awaitingAcceptance,
      text: "hasil kerja menunggu diterima atau direvisi",
      href: inMode("/organisasi/pesanan?status=diserahkan", mode),
    },
    // The approvals page shows live data; a test order waiting for approval is found in the test order list.
    { count: mode === "live" ? attention.undecidedCosts : 0, text: "biaya resmi menunggu keputusan", href: "/organisasi/persetujuan" },
    {
      count: attention.awaitingApproval,
      text: "pesanan menunggu persetujuan",
      href: mode === "live" ? "/organisasi/persetujuan" : inMode("/organisasi/pesanan?status=menunggu_bayar", mode),
    },
    {
      count: attention.stalled,
      text: "pesanan tersendat: belum ada praktisi yang bisa mengambilnya",
      href: inMode("/organisasi/pesanan?tersendat=ya", mode),
    },
    // Case invoices are live only: the case board has no test mode in the portal.
    { count: mode === "live" ? attention.unpaidInvoices : 0, text: "tagihan kasus belum dibayar", href: "/organisasi/kasus" },
  ].filter((item) => item.count > 0);
  if (items.length === 0) {
    return <EmptyState title="Tidak ada yang menunggu Anda." hint="Pertanyaan, hasil, biaya, dan pesanan tersendat akan muncul di sini." />;
  }
  return (
    <ul className="attention-list">
      {items.map((item) => (
        <li key={item.text}>
          <Link href={item.href}>
            <strong className="attention-count">{item.count}</strong> {item.text}
          </Link>
        </li>
      ))}
    </ul>
  );
}
