"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { formatRupiah } from "@/app/_components/format";
import { trpc } from "@/app/_components/trpc";

/** How often the open portal asks for new offers while notifications are on (paused in a hidden tab). */
const POLL_MS = 20_000;
/** Remembered in the browser: the practitioner switched notifications on, and the offers already told. */
const ENABLED_KEY = "kuasa.praktisi.notifikasi";
const SEEN_KEY = "kuasa.praktisi.tawaran-diketahui";

type State = "checking" | "unsupported" | "off" | "on" | "denied";

const time = new Intl.DateTimeFormat("id-ID", { timeStyle: "short", timeZone: "Asia/Jakarta" });

function readSeen(): Set<string> {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(SEEN_KEY) ?? "[]") as string[]);
  } catch {
    return new Set();
  }
}

/**
 * Browser notifications of new offers while the portal is open in a tab: the permission is asked
 * only when the practitioner clicks, then the offers procedure is polled and each offer not seen
 * before shows one notification. Offers already there when it starts are taken as seen (they are
 * on the page being looked at).
 */
export function OfferNotifier() {
  const [state, setState] = useState<State>("checking");
  const [problem, setProblem] = useState<string | null>(null);
  const seen = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (typeof window === "undefined" || !("Notification" in window)) return setState("unsupported");
    if (Notification.permission === "denied") return setState("denied");
    setState(Notification.permission === "granted" && localStorage.getItem(ENABLED_KEY) === "on" ? "on" : "off");
  }, []);

  const poll = useCallback(async () => {
    try {
      const offers = await trpc.practitioner.offers.query({ limit: 50 });
      setProblem(null);
      const known = seen.current;
      seen.current = new Set([...(known ?? []), ...offers.data.map((offer) => offer.offerId)]);
      sessionStorage.setItem(SEEN_KEY, JSON.stringify([...seen.current].slice(-200)));
      if (!known) return;
      for (const offer of offers.data.filter((o) => !known.has(o.offerId))) {
        const notice = new Notification(`Tawaran baru: ${offer.order.service.name}`, {
          body: `${offer.order.earningIdr === null ? "" : `Pendapatan Anda ${formatRupiah(offer.order.earningIdr)}. `}Jawab sebelum ${time.format(new Date(offer.expiresAt))} WIB.`,
          tag: offer.offerId,
        });
        notice.onclick = () => {
          window.focus();
          window.location.assign("/praktisi");
        };
      }
    } catch {
      setProblem("Tawaran baru belum bisa diperiksa (koneksi terputus?). Dicoba lagi otomatis.");
    }
  }, []);

  useEffect(() => {
    if (state !== "on") return;
    // Offers told in this tab before a reload stay told; anything else present now is the baseline.
    const stored = readSeen();
    seen.current = stored.size > 0 ? stored : null;
    const tick = () => {
      if (document.visibilityState === "visible") void poll();
    };
    tick();
    const timer = setInterval(tick, POLL_MS);
    document.addEventListener("visibilitychange", tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [state, poll]);

  async function enable() {
    const permission = await Notification.requestPermission();
    if (permission === "granted") {
      localStorage.setItem(ENABLED_KEY, "on");
      setState("on");
    } else setState(permission === "denied" ? "denied" : "off");
  }

  function disable() {
    localStorage.removeItem(ENABLED_KEY);
    setState("off");
  }

  const text: Record<State, string> = {
    checking: "Memeriksa dukungan notifikasi browser…",
    unsupported: "Browser ini tidak mendukung notifikasi. Buka portal di browser lain atau andalkan e-mail dan halaman Tawaran.",
    off: "Dapatkan notifikasi browser ketika ada tawaran baru selama portal ini terbuka.",
    on: "Notifikasi browser aktif: tawaran baru diberitahukan selama portal ini terbuka di salah satu tab.",
    denied: "Notifikasi diblokir untuk situs ini. Izinkan notifikasi di pengaturan situs browser Anda, lalu muat ulang halaman.",
  };

  return (
    <section className="offer-notifier" aria-label="Notifikasi tawaran">
      <p aria-live="polite">
        {text[state]}
        {state === "on" && problem && <span className="small"> {problem}</span>}
      </p>
      {state === "off" && (
        <button type="button" className="button secondary" onClick={() => void enable()}>
          Aktifkan notifikasi
        </button>
      )}
      {state === "on" && (
        <button type="button" className="button secondary" onClick={disable}>
          Matikan notifikasi
        </button>
      )}
    </section>
  );
}
