import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DataTable } from "./data-table";
import { StatementTable } from "./statement-table";

type Row = { id: string; name: string; total: number };
const ROWS: Row[] = [
  { id: "ord_1", name: "PT Satu", total: 100 },
  { id: "ord_2", name: "PT Dua", total: 200 },
];

function render(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return renderToStaticMarkup(
    createElement(DataTable<Row>, {
      caption: "Pesanan",
      basePath: "/operator/pesanan",
      params: {},
      search: { label: "Cari pesanan" },
      filters: [{ name: "status", label: "Status", options: [{ value: "dibayar", label: "Dibayar" }] }],
      columns: [
        { key: "name", header: "Organisasi", cell: (row) => row.name },
        { key: "total", header: "Jumlah", cell: (row) => String(row.total), align: "end", secondary: true },
      ],
      rows: ROWS,
      rowKey: (row) => row.id,
      hasMore: false,
      empty: { title: "Belum ada pesanan.", hint: "Pesanan baru muncul di sini." },
      ...props,
    }),
  );
}

const decode = (html: string) => html.replaceAll("&amp;", "&");

describe("DataTable", () => {
  it("is a captioned table whose cells carry their column header for the phone layout", () => {
    const html = render();
    expect(html).toContain("<caption");
    expect(html).toContain(">Pesanan</caption>");
    expect(html).toContain('data-label="Organisasi"');
    expect(html).toMatch(/<th scope="col" class="secondary end">Jumlah<\/th>/);
  });

  it("sends search and filters in a GET form to the page itself, with labels", () => {
    const html = render({ params: { q: "satu", status: "dibayar", tab: "x" } });
    const form = /<form[^>]*>/.exec(html)?.[0];
    expect(form).toContain('action="/operator/pesanan"');
    expect(form).toContain('method="get"');
    expect(html).toMatch(/<label for="([^"]+)-q">Cari pesanan<\/label><input id="\1-q" type="search"[^>]* name="q" value="satu"/);
    expect(html).toContain('<option value="dibayar" selected="">Dibayar</option>');
    // The page's own parameters survive a new search.
    expect(html).toContain('<input type="hidden" name="tab" value="x"/>');
    expect(decode(html)).toContain('href="/operator/pesanan?tab=x">Hapus filter</a>');
  });

  it("offers no 'Hapus filter' while nothing narrows the list", () => {
    expect(render()).not.toContain("Hapus filter");
  });

  it("links the next page after the last row's key while more rows exist, and back to the start once paged", () => {
    expect(render({ hasMore: false })).not.toContain("Berikutnya");
    const html = decode(render({ hasMore: true, params: { status: "dibayar", starting_after: "ord_0" } }));
    expect(html).toContain('href="/operator/pesanan?status=dibayar&starting_after=ord_2">Berikutnya →</a>');
    expect(html).toContain('href="/operator/pesanan?status=dibayar">← Ke awal</a>');
  });

  it("says the list is empty with the page's words when nothing narrows it", () => {
    const html = render({ rows: [] });
    expect(html).toContain("Belum ada pesanan.");
    expect(html).not.toContain("<table");
  });

  it("says nothing matched, with a link to clear, when a search or filter is on", () => {
    const html = decode(render({ rows: [], params: { q: "tidak ada" } }));
    expect(html).toContain("Tidak ada yang cocok dengan pencarian/filter ini.");
    expect(html).toContain('href="/operator/pesanan">Hapus pencarian dan filter</a>');
    expect(html).not.toContain("Belum ada pesanan.");
  });
});

describe("StatementTable", () => {
  it("shows each amount with its sign and direction in words, not colour alone, and the balance after it", () => {
    const html = renderToStaticMarkup(
      createElement(StatementTable, {
        caption: "Mutasi",
        rows: [
          {
            id: "l2",
            at: "2026-11-02T03:00:00Z",
            description: "Pembayaran pesanan",
            reference: { label: "ord_1", href: "/organisasi/pesanan/ord_1" },
            amountIdr: -50_000,
            balanceIdr: 950_000,
          },
          { id: "l1", at: "2026-11-01T03:00:00Z", description: "Setoran", amountIdr: 1_000_000, balanceIdr: 1_000_000 },
        ],
        empty: { title: "Belum ada mutasi." },
      }),
    );
    expect(html).toMatch(/class="end amount-out"><div><span class="visually-hidden">Keluar <\/span>−Rp/);
    expect(html).toMatch(/class="end amount-in"><div><span class="visually-hidden">Masuk <\/span>\+Rp/);
    expect(html).toContain('<a href="/organisasi/pesanan/ord_1">ord_1</a>');
    expect(html).toMatch(/950\.000/);
  });
});
