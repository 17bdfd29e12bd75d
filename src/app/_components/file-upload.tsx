"use client";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { MAX_ATTACHMENTS } from "@/server/domain/files/file-storage";
import { ACCEPTED_FILE_INPUT, fileTypeLabel, formatBytes } from "./format";
import { startUpload, UPLOAD_NETWORK_ERROR, UPLOAD_REFUSALS } from "./upload";

/** What each refusal of POST /api/berkas means to the person uploading, and what to do. */
const UPLOAD_ERRORS: Record<string, string> = {
  ...UPLOAD_REFUSALS,
  UNSUPPORTED_MEDIA_TYPE: "Jenis berkas ini tidak diterima. Unggah PDF, DOCX, XLSX, ODT, PNG, JPEG atau teks.",
  PAYLOAD_TOO_LARGE:
    "Berkas ini terlalu besar. Perkecil ukurannya (misalnya simpan ulang PDF dengan kompresi) atau bagi menjadi beberapa berkas.",
  NOT_FOUND: "Pesanan ini tidak lagi bisa menerima berkas dari Anda. Muat ulang halaman.",
};

interface Item {
  key: string;
  name: string;
  size: number;
  /** 0–100 while uploading. */
  progress: number;
  state: "uploading" | "done" | "error";
  id?: string;
  contentType?: string;
  error?: string;
  xhr?: XMLHttpRequest;
}

/** The files a form sends with its mutation; `pending` while any upload still runs. */
export interface AttachedFiles {
  ids: string[];
  pending: boolean;
}

/**
 * Attaching files to a practitioner's question or delivery: dropped on the zone or chosen with
 * the button, each is uploaded at once onto the order (POST /api/berkas?order=…) with its
 * progress shown, and can be removed. The form sends the uploaded ids (`onChange`) with its
 * mutation; remount it (a new `key`) to start empty after the form went through.
 */
export function FileUpload({
  orderId,
  label,
  hint,
  disabled,
  onChange,
}: {
  orderId: string;
  label: string;
  hint?: string;
  disabled?: boolean;
  onChange: (files: AttachedFiles) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    onChange({
      ids: items.filter((i) => i.state === "done").map((i) => i.id!),
      pending: items.some((i) => i.state === "uploading"),
    });
  }, [items, onChange]);

  // Uploads still running when the form goes away are abandoned.
  const live = useRef(items);
  live.current = items;
  useEffect(
    () => () => {
      for (const item of live.current) item.xhr?.abort();
    },
    [],
  );

  const update = (key: string, change: Partial<Item>) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...change } : i)));

  function upload(file: File) {
    const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
    const xhr = startUpload(`order=${encodeURIComponent(orderId)}`, file, {
      progress: (progress) => update(key, { progress }),
      done: (uploaded) => {
        update(key, { state: "done", progress: 100, id: uploaded.id, contentType: uploaded.contentType, xhr: undefined });
        setAnnouncement(`${file.name} selesai diunggah.`);
      },
      failed: (code) => {
        const error = (code && UPLOAD_ERRORS[code]) || UPLOAD_NETWORK_ERROR;
        update(key, { state: "error", error, xhr: undefined });
        setAnnouncement(`${file.name} gagal diunggah. ${error}`);
      },
    });
    setItems((all) => [...all, { key, name: file.name, size: file.size, progress: 0, state: "uploading", xhr }]);
    setAnnouncement(`Mengunggah ${file.name}…`);
  }

  function add(files: FileList | null) {
    if (!files || disabled) return;
    setRefusal(null);
    const room = MAX_ATTACHMENTS - items.filter((i) => i.state !== "error").length;
    const chosen = [...files];
    if (chosen.length > room)
      setRefusal(`Paling banyak ${MAX_ATTACHMENTS} berkas sekaligus. Hapus berkas yang tidak perlu, lalu tambahkan lagi.`);
    chosen.slice(0, Math.max(0, room)).forEach(upload);
    if (input.current) input.current.value = "";
  }

  function remove(item: Item) {
    item.xhr?.abort();
    setItems((all) => all.filter((i) => i.key !== item.key));
    setAnnouncement(`${item.name} dihapus dari lampiran.`);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  }

  return (
    <fieldset className="field file-upload" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="field-label">{label}</legend>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the button inside is the way in for everyone */}
      <div
        className={`drop-zone${dragging ? " dragging" : ""}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p className="small">Tarik berkas ke sini, atau</p>
        <button type="button" className="button secondary" disabled={disabled} onClick={() => input.current?.click()}>
          Pilih berkas
        </button>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPTED_FILE_INPUT}
          hidden
          aria-label={label}
          onChange={(event) => add(event.currentTarget.files)}
        />
      </div>
      {refusal && (
        <p className="error" role="alert">
          {refusal}
        </p>
      )}
      {items.length > 0 && (
        <ul className="upload-list" aria-label={`${label}: berkas dipilih`}>
          {items.map((item) => (
            <li key={item.key} className={`upload upload-${item.state}`}>
              <span className="file-name">{item.name}</span>{" "}
              <span className="file-meta">
                {item.contentType ? `${fileTypeLabel(item.contentType)} · ` : ""}
                {formatBytes(item.size)}
                {item.state === "done" && " · terunggah"}
              </span>
              {item.state === "uploading" && (
                <progress max={100} value={item.progress} aria-label={`Mengunggah ${item.name}`}>
                  {item.progress}%
                </progress>
              )}
              {item.error && <span className="hint-error">{item.error}</span>}
              <button type="button" className="link-button" onClick={() => remove(item)} aria-label={`Hapus ${item.name}`}>
                Hapus
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}
