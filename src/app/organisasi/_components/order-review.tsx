"use client";
import { type FormEvent, useState } from "react";
import { type ErrorMessages, useAction } from "@/app/_components/action";
import { FormMessages } from "@/app/_components/field";
import { formatDateTime } from "@/app/_components/format";
import { ReasonField } from "@/app/_components/reason-field";
import { trpc } from "@/app/_components/trpc";
import { REVIEW_LIMITS } from "@/server/domain/orders/review";

const MESSAGES: ErrorMessages = {
  CONFLICT: "Pesanan ini sudah punya ulasan (dari agen atau admin lain). Halaman dimuat ulang untuk menampilkannya.",
  INVALID_STATE: "Hanya pesanan yang sudah selesai yang bisa diulas.",
  VALIDATION: `Pilih nilai 1 sampai 5; komentar paling banyak ${REVIEW_LIMITS.comment.toLocaleString("id-ID")} karakter.`,
};

/** What each rating means, so a number is never the only thing a person reads. */
const RATING_WORDS: Record<number, string> = { 1: "Buruk", 2: "Kurang", 3: "Cukup", 4: "Baik", 5: "Sangat baik" };

interface ShownReview {
  rating: number;
  comment: string | null;
  createdAt: Date | string;
  by: "agent" | "admin";
}

/** A review as the client side gave it: its rating in words, the comment, who and when. */
function ReviewText({ review }: { review: ShownReview }) {
  return (
    <div className="review">
      <p>
        <strong>
          Nilai {review.rating} dari 5 · {RATING_WORDS[review.rating]}
        </strong>
      </p>
      {review.comment && <p className="quote">{review.comment}</p>}
      <p className="muted small">
        Diberikan {review.by === "agent" ? "oleh agen lewat API" : "oleh admin di portal"} pada {formatDateTime(review.createdAt)}. Praktisi
        membacanya tanpa nama organisasi Anda.
      </p>
    </div>
  );
}

/** The client side's review of a finished order: shown once given (by the agent or an admin), else a form to give it. */
export function OrderReview({ orderId, review, reviewable }: { orderId: string; review: ShownReview | null; reviewable: boolean }) {
  const { busy, error, setError, run } = useAction(MESSAGES);
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState("");

  if (review) return <ReviewText review={review} />;
  if (!reviewable) return <p className="muted">Ulasan bisa diberikan setelah pesanan selesai.</p>;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (rating === null) {
      setError("Pilih nilai 1 sampai 5 terlebih dahulu.");
      return;
    }
    await run(() => trpc.organization.reviewOrder.mutate({ orderId, rating, comment: comment.trim() || null }), {
      success: "Ulasan tersimpan. Terima kasih; praktisi membacanya tanpa nama organisasi Anda.",
    });
  }

  return (
    <form className="form compact" onSubmit={submit} noValidate>
      <fieldset className="checks">
        <legend>Nilai pekerjaan praktisi</legend>
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value} className="check">
            <input
              type="radio"
              name="rating"
              value={value}
              checked={rating === value}
              onChange={() => {
                setRating(value);
                setError(null);
              }}
            />
            <span>
              {value} · {RATING_WORDS[value]}
            </span>
          </label>
        ))}
      </fieldset>
      <ReasonField
        label={
          <>
            Komentar <span className="muted">(opsional)</span>
          </>
        }
        hint="Satu paragraf tentang hasil kerjanya. Diberikan sekali dan tidak bisa diubah."
        value={comment}
        onChange={setComment}
        maxLength={REVIEW_LIMITS.comment}
        rows={3}
      />
      <FormMessages error={error} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Menyimpan…" : "Kirim ulasan"}
      </button>
    </form>
  );
}
