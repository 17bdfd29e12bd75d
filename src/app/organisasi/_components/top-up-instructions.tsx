import { EmptyState } from "@/app/_components/ui";

interface Instructions {
  bankName: string;
  accountNumber: string;
  accountHolder: string;
  reference: string;
}

/** "Cara menambah deposit": the operator's bank details and this organisation's transfer note, or whom to ask until they are set. */
export function TopUpInstructions({ instructions }: { instructions: Instructions | null }) {
  if (!instructions) {
    return (
      <EmptyState
        title="Hubungi operator Kuasa untuk menambah deposit."
        hint="Rekening tujuan setoran belum diisi oleh tim operator. Mereka akan memberi tahu rekening dan berita transfernya."
      />
    );
  }
  return (
    <>
      <ol className="steps">
        <li>Transfer dari rekening organisasi Anda ke rekening Kuasa di bawah.</li>
        <li>
          Tulis berita transfer persis <code>{instructions.reference}</code> agar setoran masuk ke deposit organisasi Anda.
        </li>
        <li>Kirim bukti transfer ke tim operator Kuasa; deposit bertambah setelah mereka mencocokkannya, dan tercatat di mutasi.</li>
      </ol>
      <dl className="facts">
        <dt>Bank</dt>
        <dd>{instructions.bankName}</dd>
        <dt>Nomor rekening</dt>
        <dd>
          <code>{instructions.accountNumber}</code>
        </dd>
        <dt>Atas nama</dt>
        <dd>{instructions.accountHolder}</dd>
        <dt>Berita transfer</dt>
        <dd>
          <code>{instructions.reference}</code>
        </dd>
      </dl>
    </>
  );
}
