/** Whether the operator has verified an account: a payout goes only to a verified one. */
export function BankAccountStatus({ verifiedAt }: { verifiedAt: Date | string | null }) {
  return verifiedAt ? (
    <span className="pill pill-ok">Terverifikasi</span>
  ) : (
    <span className="pill pill-warn pill-wraps">Menunggu verifikasi Tim Kuasa</span>
  );
}
