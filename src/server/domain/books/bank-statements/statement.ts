import { readCsv } from "../../csv";
import { AppError } from "../../errors";
import { isBcaHeader, readBca } from "./bca";
import { BANK_LAYOUTS, type ParsedStatement } from "./common";
import { isMandiriHeader, readMandiri } from "./mandiri";

/**
 * A bank statement file read by its content, never its name: the layout whose header row it
 * holds (bca.ts, mandiri.ts), with `,` between cells as the banks export it, or `;` as a
 * spreadsheet in the Indonesian locale saves it again. Any other file is VALIDATION naming the
 * layouts Kuasa reads.
 */
export function parseBankStatement(content: string): ParsedStatement {
  for (const separator of [",", ";"] as const) {
    const rows = readCsv(content, separator);
    const bca = rows.findIndex(isBcaHeader);
    if (bca >= 0) return readBca(rows, bca);
    const mandiri = rows.findIndex(isMandiriHeader);
    if (mandiri >= 0) return readMandiri(rows, mandiri);
  }
  throw new AppError(
    "VALIDATION",
    `Format berkas tidak dikenali. Yang dapat dibaca: ${Object.values(BANK_LAYOUTS)
      .map((layout) => layout.name)
      .join("; ")}, masing-masing berupa CSV seperti diunduh dari internet banking (contoh di docs/samples/bank-statements).`,
  );
}
