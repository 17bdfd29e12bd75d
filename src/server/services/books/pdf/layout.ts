import type { Party } from "@/server/domain/books/views";
import { printable } from "./format";

/**
 * The page every financial PDF shares (A4, PDFKit's standard Helvetica, nothing embedded): the
 * seller, the title and the number on every page, the test-mode banner on every page of a test
 * document, and a footer with "Halaman n dari m". Content is placed at computed positions, never
 * flowed by PDFKit, so a page break only happens where `room` decides, and the same input gives
 * the same bytes.
 */

const TEST_MODE_MARK = "MODE UJI — BUKAN DOKUMEN KEUANGAN YANG SAH";

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN_X = 42;
const MARGIN_TOP = 32;
/** Space kept below the content for the footer. */
const MARGIN_BOTTOM = 58;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const BANNER_HEIGHT = 20;

const INK = "#111111";
const MUTED = "#555555";
const RULE = "#9a9a9a";
const SHADE = "#eeeeee";
const TEST_RED = "#b3261e";

interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: string;
  align?: "left" | "right" | "center";
}

interface SheetSetup {
  /** "KUITANSI", printed large at the top right. */
  title: string;
  /** Lines under the title: the number, or a statement's period. */
  reference: string[];
  seller: Party;
  livemode: boolean;
  /** When the document was issued or the statement made: the PDF's own dates, so its bytes never depend on the clock. */
  madeAt: Date;
  /** The viewer's title bar and the document properties. */
  metadata: { title: string; subject: string };
  /** The footer's left side on every page. */
  footnote: string;
}

/** A table column: its heading, share of the width, and alignment. */
export interface Column {
  heading: string;
  width: number;
  align?: "left" | "right";
}

export interface Row {
  cells: string[];
  /**
   * How many columns each cell covers; without it, one each, and a row with fewer cells than
   * columns lets its last cell run to the right edge.
   */
  spans?: number[];
  bold?: boolean;
  /** An informational row (DPP, PPN): smaller, grey, indented, not part of the sum. */
  aside?: boolean;
  /** A rule above the row (before a total). */
  ruleAbove?: boolean;
}

/** Where a cell's text goes. */
interface CellBox {
  text: string;
  x: number;
  width: number;
  align?: "left" | "right";
}

const CELL_PAD_X = 4;
const CELL_PAD_Y = 3.5;
const ASIDE_INDENT = 14;

export class Sheet {
  private readonly bytes: Promise<Buffer>;
  /** Where the next content goes on the current page. */
  private y = 0;

  /** A document with its first page begun. */
  static async open(setup: SheetSetup): Promise<Sheet> {
    // Loaded with the first PDF, not with this module: a server process that never makes one does
    // not hold PDFKit (about 28 MB resident when loaded; docs/decisions/memory-per-process.md).
    const { default: PDFDocument } = await import("pdfkit");
    const title = setup.livemode ? setup.metadata.title : `${setup.metadata.title} (MODE UJI)`;
    const doc = new PDFDocument({
      size: "A4",
      margins: { top: MARGIN_TOP, bottom: MARGIN_BOTTOM, left: MARGIN_X, right: MARGIN_X },
      autoFirstPage: false,
      // Kept in memory until the end, so every footer can say how many pages there are.
      bufferPages: true,
      lang: "id-ID",
      displayTitle: true,
      info: {
        Title: printable(title),
        Author: printable(setup.seller.name),
        Subject: printable(setup.metadata.subject),
        Creator: "Kuasa",
        // PDFKit stamps the current time otherwise, and derives the file identifier from these.
        CreationDate: setup.madeAt,
        ModDate: setup.madeAt,
      },
    });
    return new Sheet(doc, setup);
  }

  private constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly setup: SheetSetup,
  ) {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    this.bytes = new Promise((resolve, reject) => {
      doc.on("end", () => resolve(Buffer.concat(chunks)));
      doc.on("error", reject);
    });
    this.newPage();
  }

  /** Draws `text` in a box of `width` at (x, y), wrapping inside it; returns its height. */
  put(text: string, x: number, y: number, width: number, style: TextStyle = {}): number {
    const shown = this.use(style, text);
    const oneLine = this.oneLineWidth(shown, width);
    if (oneLine !== null) {
      // Most cells are one short line: placed directly, without PDFKit's line wrapper (most of a
      // long statement's time went there).
      const offset = style.align === "right" ? width - oneLine : style.align === "center" ? (width - oneLine) / 2 : 0;
      this.doc.text(shown, x + offset, y, { lineBreak: false });
      return this.doc.currentLineHeight(true);
    }
    // `height` keeps PDFKit from ever starting a page of its own: `room` decides where pages break.
    this.doc.text(shown, x, y, { width, align: style.align ?? "left", height: PAGE_HEIGHT, lineGap: 0 });
    // PDFKit leaves its cursor below the last line drawn.
    return this.doc.y - y;
  }

  /** The height `text` takes in a box of `width`. */
  measure(text: string, width: number, style: TextStyle = {}): number {
    const shown = this.use(style, text);
    if (this.oneLineWidth(shown, width) !== null) return this.doc.currentLineHeight(true);
    return this.doc.heightOfString(shown, { width, lineGap: 0 });
  }

  /** The width of `text` in the current font when it fits on one line of `width`, else null. */
  private oneLineWidth(text: string, width: number): number | null {
    if (text.includes("\n")) return null;
    const used = this.doc.widthOfString(text);
    return used <= width ? used : null;
  }

  /** Starts a new page when `height` does not fit below `y`; says whether it did. */
  room(height: number): boolean {
    if (this.y + height <= PAGE_HEIGHT - MARGIN_BOTTOM) return false;
    this.newPage();
    return true;
  }

  gap(height: number): void {
    this.y += height;
  }

  rule(y = this.y, color = RULE): void {
    this.doc
      .moveTo(MARGIN_X, y)
      .lineTo(MARGIN_X + CONTENT_WIDTH, y)
      .lineWidth(0.6)
      .strokeColor(color)
      .stroke();
  }

  /** A heading over a block ("Diterima dari"). */
  heading(text: string): void {
    // Room for the heading and a line or two of what it heads: a heading never ends a page.
    this.room(30);
    this.y += this.put(text.toUpperCase(), MARGIN_X, this.y, CONTENT_WIDTH, { size: 7.5, bold: true, color: MUTED }) + 3;
  }

  paragraph(text: string, style: TextStyle = {}): void {
    const height = this.measure(text, CONTENT_WIDTH, style);
    this.room(height);
    this.y += this.put(text, MARGIN_X, this.y, CONTENT_WIDTH, style);
  }

  /** A small grey remark under a table. */
  note(text: string): void {
    this.paragraph(text, { size: 7.5, color: MUTED });
  }

  /** Label and value pairs, one a line: "Tanggal terbit   29 November 2026". */
  fields(pairs: ReadonlyArray<readonly [string, string]>, labelWidth = 130): void {
    for (const [label, value] of pairs) {
      const height = Math.max(
        this.measure(label, labelWidth - 8, { size: 9 }),
        this.measure(value, CONTENT_WIDTH - labelWidth, { size: 9 }),
      );
      this.room(height);
      this.put(label, MARGIN_X, this.y, labelWidth - 8, { size: 9, color: MUTED });
      this.put(value, MARGIN_X + labelWidth, this.y, CONTENT_WIDTH - labelWidth, { size: 9 });
      this.y += height + 3;
    }
  }

  /** A buyer or an organisation: name, then address and NPWP when known. */
  party(heading: string, party: Party, extra: ReadonlyArray<readonly [string, string]> = []): void {
    this.heading(heading);
    this.y += this.put(party.name, MARGIN_X, this.y, CONTENT_WIDTH, { size: 10, bold: true }) + 2;
    const details: Array<readonly [string, string]> = [];
    if (party.address) details.push(["Alamat", party.address]);
    if (party.npwp) details.push(["NPWP", party.npwp]);
    this.fields([...details, ...extra], 70);
  }

  /** Figures side by side in a box: label above, amount below. */
  figures(items: ReadonlyArray<readonly [string, string]>): void {
    const width = CONTENT_WIDTH / items.length;
    const inner = width - 2 * CELL_PAD_X;
    const labels = Math.max(...items.map(([label]) => this.measure(label, inner, { size: 7.5 })));
    const values = Math.max(...items.map(([, value]) => this.measure(value, inner, { size: 10, bold: true })));
    const height = labels + values + 4 * CELL_PAD_Y;
    this.room(height);
    this.doc.rect(MARGIN_X, this.y, CONTENT_WIDTH, height).fillColor(SHADE).fill();
    items.forEach(([label, value], i) => {
      const x = MARGIN_X + i * width + CELL_PAD_X;
      this.put(label, x, this.y + CELL_PAD_Y, inner, { size: 7.5, color: MUTED });
      this.put(value, x, this.y + labels + 2 * CELL_PAD_Y, inner, { size: 10, bold: true });
    });
    this.y += height;
  }

  /**
   * A table across as many pages as it needs: a row is never split, and each page it continues on
   * starts with the column headings again.
   */
  table(columns: readonly Column[], rows: readonly Row[], size = 8): void {
    const widths = columns.map((column) => column.width * CONTENT_WIDTH);
    const headingHeight = Math.max(
      ...columns.map((column, i) => this.measure(column.heading, widths[i]! - 2 * CELL_PAD_X, { size, bold: true })),
    );
    const drawHeadings = () => {
      const height = headingHeight + 2 * CELL_PAD_Y;
      this.doc.rect(MARGIN_X, this.y, CONTENT_WIDTH, height).fillColor(SHADE).fill();
      let x = MARGIN_X;
      columns.forEach((column, i) => {
        this.put(column.heading, x + CELL_PAD_X, this.y + CELL_PAD_Y, widths[i]! - 2 * CELL_PAD_X, {
          size,
          bold: true,
          align: column.align,
        });
        x += widths[i]!;
      });
      this.y += height;
    };
    const boxes = (row: Row): CellBox[] => {
      let column = 0;
      let x = MARGIN_X;
      return row.cells.map((text, i) => {
        const span = row.spans?.[i] ?? (i === row.cells.length - 1 ? columns.length - column : 1);
        const width = widths.slice(column, column + span).reduce((sum, w) => sum + w, 0);
        const indent = row.aside && i === 0 ? ASIDE_INDENT : 0;
        const box = { text, x: x + CELL_PAD_X + indent, width: width - 2 * CELL_PAD_X - indent, align: columns[column]!.align };
        column += span;
        x += width;
        return box;
      });
    };
    const rowHeight = (row: Row, cells: readonly CellBox[]) => {
      const style = Sheet.rowStyle(row, size);
      return Math.max(...cells.map((cell) => this.measure(cell.text, cell.width, style))) + 2 * CELL_PAD_Y;
    };
    // The headings never stand alone at the foot of a page.
    const first = rows[0];
    this.room(headingHeight + 2 * CELL_PAD_Y + (first ? rowHeight(first, boxes(first)) : 0));
    drawHeadings();
    for (const row of rows) {
      const cells = boxes(row);
      const height = rowHeight(row, cells);
      if (this.room(height)) drawHeadings();
      if (row.ruleAbove) this.rule(this.y, INK);
      const style = Sheet.rowStyle(row, size);
      for (const cell of cells)
        if (cell.text) this.put(cell.text, cell.x, this.y + CELL_PAD_Y, cell.width, { ...style, align: cell.align });
      this.y += height;
      this.rule(this.y, SHADE);
    }
  }

  private static rowStyle(row: Row, size: number): TextStyle {
    return row.aside ? { size: size - 0.5, color: MUTED } : { size, bold: row.bold };
  }

  /** Stamps every page's footer and gives the finished file. */
  finish(): Promise<Buffer> {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.doc.switchToPage(i);
      const y = PAGE_HEIGHT - MARGIN_BOTTOM + 16;
      this.rule(y - 6);
      this.put(this.setup.footnote, MARGIN_X, y, CONTENT_WIDTH - 110, { size: 7, color: MUTED });
      this.put(`Halaman ${i - start + 1} dari ${count}`, MARGIN_X + CONTENT_WIDTH - 100, y, 100, { size: 7, color: MUTED, align: "right" });
    }
    this.doc.end();
    return this.bytes;
  }

  private use(style: TextStyle, text: string): string {
    this.doc
      .font(style.bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(style.size ?? 9)
      .fillColor(style.color ?? INK);
    return printable(text);
  }

  /** A page with the banner (test mode) and the header. */
  private newPage(): void {
    this.doc.addPage();
    let top = MARGIN_TOP;
    if (!this.setup.livemode) {
      this.doc
        .rect(MARGIN_X, top - 8, CONTENT_WIDTH, BANNER_HEIGHT)
        .fillColor(TEST_RED)
        .fill();
      this.put(TEST_MODE_MARK, MARGIN_X, top - 8 + 5.5, CONTENT_WIDTH, { size: 10, bold: true, color: "#ffffff", align: "center" });
      top += BANNER_HEIGHT + 4;
    }
    const { seller, title, reference } = this.setup;
    const leftWidth = CONTENT_WIDTH * 0.55;
    let left = top + this.put(seller.name, MARGIN_X, top, leftWidth, { size: 11, bold: true }) + 2;
    if (seller.npwp) left += this.put(`NPWP ${seller.npwp}`, MARGIN_X, left, leftWidth, { size: 8, color: MUTED }) + 1;
    if (seller.address) left += this.put(seller.address, MARGIN_X, left, leftWidth, { size: 8, color: MUTED });
    const rightWidth = CONTENT_WIDTH - leftWidth - 12;
    const rightX = MARGIN_X + CONTENT_WIDTH - rightWidth;
    let right = top + this.put(title, rightX, top - 2, rightWidth, { size: 17, bold: true, align: "right" }) + 2;
    for (const line of reference) right += this.put(line, rightX, right, rightWidth, { size: 9, align: "right" });
    const bottom = Math.max(left, right) + 8;
    this.rule(bottom, INK);
    this.y = bottom + 14;
  }
}
