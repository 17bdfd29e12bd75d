import { OrderStatus } from "@/generated/prisma/enums";
import { type AdminActor, adminActor } from "@/server/domain/access/actor";
import type { PortalUser } from "@/server/domain/access/portal-user";
import { CSV_BOM, csvLine, jakartaIso } from "@/server/domain/csv";
import { AppError } from "@/server/domain/errors";
import { ledgerKindLabel } from "@/server/domain/money/ledger-labels";
import { orderSearchOf } from "@/server/domain/orders/order-search";
import { type PageRequest, pageRequestOf } from "@/server/domain/paging";
import { publicUrlOf, type ServiceDeps } from "@/server/services/deps";
import { accounts, statementPage } from "@/server/services/money";
import { listOrganizationOrders, type OrganizationOrderSearch } from "@/server/services/orders";
import { errorResponse } from "./error-response";

type ExportDeps = Pick<ServiceDeps, "db" | "clock" | "publicUrl">;

/** Rows read per query: the export streams page after page, so 100,000 rows never sit in memory together. */
export const EXPORT_BATCH = 500;

const EXPORTS = {
  pesanan: { title: "pesanan", rows: orderLines },
  mutasi: { title: "mutasi-deposit", rows: statementLines },
} as const;

/**
 * GET /api/organisasi/ekspor/{pesanan|mutasi}: the admin's orders (with the list's filters: mode,
 * status, kunci, tersendat, q) or deposit statement (mode) as CSV, streamed. Only an organisation's
 * admin as the session stands for them now (`user`, read by runtime/portal.ts portalRoute), and
 * only that organisation's data.
 */
export async function organizationExport(req: Request, deps: ExportDeps, user: PortalUser | null, kind: string): Promise<Response> {
  try {
    if (!user) throw new AppError("UNAUTHENTICATED", "Masuk terlebih dahulu untuk mengunduh.");
    const { organizationId } = user;
    if (user.role !== "org_admin" || !organizationId) throw new AppError("FORBIDDEN", "Unduhan ini untuk admin organisasi.");
    const found = EXPORTS[kind as keyof typeof EXPORTS];
    if (!Object.hasOwn(EXPORTS, kind) || !found) throw new AppError("NOT_FOUND", `Tidak ada ekspor ${kind}.`);
    const params = new URL(req.url).searchParams;
    const livemode = params.get("mode") !== "test";
    const lines = found.rows(deps, adminActor(user.id, organizationId, livemode), params);
    const filename = `kuasa-${found.title}${livemode ? "" : "-uji"}-${jakartaIso(deps.clock.now()).slice(0, 10)}.csv`;
    return new Response(streamOf(lines), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (err) {
    return errorResponse(req, publicUrlOf(deps), err);
  }
}

/** The lines as a byte stream, the next batch read only when the reader wants more. */
function streamOf(lines: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
}

/** Each page of a keyset-paged list, until the last. */
async function* pages<T extends { id: string }>(read: (page: PageRequest) => Promise<{ data: T[]; hasMore: boolean }>) {
  let after: string | undefined;
  for (;;) {
    const page = await read(pageRequestOf({ limit: EXPORT_BATCH, starting_after: after }));
    yield page.data;
    const last = page.data.at(-1);
    if (!page.hasMore || !last) return;
    after = last.id;
  }
}

function orderSearchFrom(params: URLSearchParams): OrganizationOrderSearch {
  const status = params.get("status") || undefined;
  if (status && !Object.hasOwn(OrderStatus, status)) throw new AppError("VALIDATION", `Status ${status} tidak dikenal.`);
  return {
    ...orderSearchOf(params.get("q") ?? undefined),
    status: status as OrderStatus | undefined,
    apiKeyId: params.get("kunci") || undefined,
    stalled: params.get("tersendat") === "ya" || undefined,
  };
}

async function* orderLines(deps: ExportDeps, actor: AdminActor, params: URLSearchParams) {
  const search = orderSearchFrom(params);
  yield CSV_BOM + csvLine(["id_pesanan", "dibuat_wib", "status", "layanan", "harga_idr", "kunci_api", "metadata"]);
  for await (const rows of pages((page) =>
    listOrganizationOrders(deps, {
      actor,
      search,
      page,
    }),
  )) {
    yield rows
      .map((order) =>
        csvLine([
          order.id,
          jakartaIso(order.createdAt),
          order.status,
          order.service.name,
          order.priceIdr,
          order.apiKey.name || order.apiKey.keyId,
          Object.entries((order.metadata ?? {}) as Record<string, string>)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, value]) => `${key}=${value}`)
            .join(", "),
        ]),
      )
      .join("");
  }
}

async function* statementLines(deps: ExportDeps, actor: AdminActor) {
  const account = accounts.orgDeposit(actor.organizationId, actor.livemode);
  yield CSV_BOM + csvLine(["id_mutasi", "waktu_wib", "jenis", "keterangan", "referensi", "jumlah_idr", "saldo_setelah_idr"]);
  for await (const rows of pages(
    async (page) =>
      (
        await statementPage(deps, {
          actor,
          ref: account,
          page,
        })
      ).page,
  )) {
    yield rows
      .map((entry) =>
        csvLine([
          entry.id,
          jakartaIso(entry.createdAt),
          ledgerKindLabel(entry.kind),
          entry.description,
          entry.reference,
          entry.amountIdr,
          entry.balanceAfterIdr,
        ]),
      )
      .join("");
  }
}
