import { formatRupiah } from "@/app/_components/format";
import type { OrderStatus } from "@/generated/prisma/enums";

/** What the practitioner earns from an order, or why nothing (the server sends null once it ended unpaid). */
export function earningText(order: { earningIdr: number | null; status: OrderStatus }): string {
  if (order.earningIdr !== null) return formatRupiah(order.earningIdr);
  return order.status === "direfund" ? "Tidak ada: dana dikembalikan ke klien" : "Tidak ada: pesanan dibatalkan";
}
