import { EmptyState } from "@/app/_components/ui";
import { CopyButton } from "./copy-button";

interface Instructions {
  /** The organisation's own code ("KSA…"): a bank statement's credit carrying it tops up this deposit. */
  transferReference: string;
  account: { bankName: string; accountNumber: string; accountHolder: string; note: string } | null;
}

/** A value to type into the bank's form, large and whole, with a copy button. */
function CopyValue({ label, value }: { label: string; value: string }) {
  return (
    <div className="copy-value">
      <p className="copy-value-label">{label}</p>
      <p className="copy-value-line">
        <code className="copy-value-text">{value}</code> <CopyButton value={value} what={label.charAt(0).toLowerCase() + label.slice(1)} />
      </p>
    </div>
  );
}

/**
 * "Cara menambah deposit": the platform's account and the note that names this organisation (its
 * transfer reference), or, until the operator set the account, whom to ask, with the code already.
 */
export function TopUpInstructions({ instructions }: { instructions: Instructions }) {
  const { transferReference, account } = instructions;
  if (!account) {
    return (
      <>
        <EmptyState
          title="Hubungi operator Kuasa untuk menambah deposit."
          hint="Rekening tujuan setoran belum diisi oleh tim operator. Mereka akan memberi tahu rekening tujuannya."
        />
        <CopyValue label="Kode transfer organisasi Anda" value={transferReference} />
        <p className="muted small">Tulis kode ini di berita transfer setiap setoran, agar setoran masuk ke deposit organisasi Anda.</p>
      </>
    );
  }
  return (
    <>
      <ol className="steps">
        <li>Transfer dari rekening organisasi Anda ke rekening Kuasa di bawah.</li>
        <li>
          Tulis berita transfer persis seperti di bawah. Kode <code>{transferReference}</code> di dalamnya menandai setoran sebagai milik
          organisasi Anda.
        </li>
        <li>
          Deposit bertambah otomatis setelah tim operator mengimpor mutasi rekening Kuasa; semua admin menerima e-mail saat setoran masuk,
          dan setorannya tercatat di mutasi deposit.
        </li>
      </ol>
      <CopyValue label="Berita transfer" value={account.note} />
      <dl className="facts">
        <dt>Bank</dt>
        <dd>{account.bankName}</dd>
        <dt>Nomor rekening</dt>
        <dd>
          <code>{account.accountNumber}</code>
        </dd>
        <dt>Atas nama</dt>
        <dd>{account.accountHolder}</dd>
        <dt>Kode transfer organisasi</dt>
        <dd>
          <code>{transferReference}</code>
        </dd>
      </dl>
      <p className="muted small">
        Lupa menulis kode? Setoran tetap diterima: tim operator mencocokkannya sendiri, jadi kirimkan bukti transfer kepada mereka.
      </p>
    </>
  );
}
