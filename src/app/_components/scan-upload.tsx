"use client";
import { type DragEvent, type Ref, useEffect, useId, useRef, useState } from "react";
import { fileTypeLabel, formatBytes } from "./format";
import { fileDownloadUrl } from "./order-files";
import { startUpload, UPLOAD_NETWORK_ERROR, UPLOAD_REFUSALS, type UploadedFile } from "./upload";

/** What a credential's scan may be (the server checks the bytes again when the credential is sent). */
const SCAN_CONTENT_TYPES = ["application/pdf", "image/png", "image/jpeg"];
const SCAN_EXTENSIONS = /\.(pdf|png|jpe?g)$/i;
const SCAN_INPUT_ACCEPT = ".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg";

const NOT_A_SCAN = "Pindaian harus berupa PDF, PNG atau JPEG. Pindai atau foto dokumennya, lalu pilih berkas itu.";

/** What each refusal of POST /api/berkas?purpose=credential means to the person uploading, and what to do. */
const SCAN_UPLOAD_ERRORS: Record<string, string> = {
  ...UPLOAD_REFUSALS,
  UNSUPPORTED_MEDIA_TYPE: NOT_A_SCAN,
  PAYLOAD_TOO_LARGE: "Berkas ini terlalu besar. Pindai dengan resolusi lebih rendah atau simpan ulang PDF-nya dengan kompresi.",
};

/** The scan a form sends with its credential; `pending` while it still uploads. */
export interface ScanChoice {
  file: UploadedFile | null;
  pending: boolean;
}

type State =
  | { step: "empty" }
  | { step: "uploading"; name: string; size: number; progress: number; xhr: XMLHttpRequest }
  | { step: "done"; file: UploadedFile }
  | { step: "failed"; name: string; error: string };

/**
 * The scan of a credential's document (its card, decree or certificate): one PDF, PNG or JPEG,
 * dropped on the zone or chosen with the button, uploaded at once (POST
 * /api/berkas?purpose=credential) with its progress, then named with its type and size, a preview
 * of a photo, and a way to replace or remove it. The form sends the uploaded id (`onChange`);
 * remount it (a new `key`) to start empty. `invalid`: the form was sent without one.
 */
export function ScanUpload({
  label,
  hint,
  invalid = false,
  disabled,
  pickerRef,
  onChange,
}: {
  label: string;
  hint: string;
  invalid?: boolean;
  disabled?: boolean;
  /** The "Pilih berkas" button, for the form to move focus to when the scan is missing. */
  pickerRef?: Ref<HTMLButtonElement>;
  onChange: (scan: ScanChoice) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ step: "empty" });
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState("");

  useEffect(() => {
    onChange({ file: state.step === "done" ? state.file : null, pending: state.step === "uploading" });
  }, [state, onChange]);

  // An upload still running when the form goes away is abandoned.
  const live = useRef(state);
  live.current = state;
  useEffect(
    () => () => {
      if (live.current.step === "uploading") live.current.xhr.abort();
    },
    [],
  );

  function fail(name: string, error: string) {
    setState({ step: "failed", name, error });
    setAnnouncement(`${name} tidak bisa dipakai. ${error}`);
  }

  function choose(files: FileList | null) {
    const file = files?.[0];
    if (input.current) input.current.value = "";
    if (!file || disabled) return;
    if (live.current.step === "uploading") live.current.xhr.abort();
    if (!SCAN_CONTENT_TYPES.includes(file.type) && !SCAN_EXTENSIONS.test(file.name)) return fail(file.name, NOT_A_SCAN);
    const xhr = startUpload("purpose=credential", file, {
      progress: (progress) => setState((now) => (now.step === "uploading" && now.xhr === xhr ? { ...now, progress } : now)),
      done: (uploaded) => {
        // The server reads the type from the bytes: a renamed document is not a scan.
        if (!SCAN_CONTENT_TYPES.includes(uploaded.contentType)) return fail(file.name, NOT_A_SCAN);
        setState({ step: "done", file: uploaded });
        setAnnouncement(`${uploaded.filename} selesai diunggah.`);
      },
      failed: (code) => fail(file.name, (code && SCAN_UPLOAD_ERRORS[code]) || UPLOAD_NETWORK_ERROR),
    });
    setState({ step: "uploading", name: file.name, size: file.size, progress: 0, xhr });
    setAnnouncement(`Mengunggah ${file.name}…`);
  }

  function remove() {
    if (state.step === "uploading") state.xhr.abort();
    setState({ step: "empty" });
    setAnnouncement("Pindaian dihapus. Pilih berkas pindaian lagi.");
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files);
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const chosen = state.step === "done" || state.step === "uploading";
  return (
    <fieldset className="field file-upload scan-upload" aria-describedby={hintId}>
      <legend className="field-label">{label}</legend>
      <p id={hintId} className="hint">
        {hint}
      </p>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the button inside is the way in for everyone */}
      <div
        className={`drop-zone${dragging ? " dragging" : ""}${invalid && !chosen ? " invalid" : ""}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {state.step === "done" ? (
          <ScanChosen file={state.file} />
        ) : state.step === "uploading" ? (
          <div className="scan-chosen">
            <span>
              <span className="file-name">{state.name}</span> <span className="file-meta">{formatBytes(state.size)}</span>
            </span>
            <progress max={100} value={state.progress} aria-label={`Mengunggah ${state.name}`}>
              {state.progress}%
            </progress>
          </div>
        ) : (
          <p className="small">Tarik berkas ke sini, atau</p>
        )}
        <div className="scan-buttons">
          <button
            ref={pickerRef}
            type="button"
            className="button secondary"
            disabled={disabled}
            aria-invalid={(invalid && !chosen) || undefined}
            aria-describedby={state.step === "failed" ? errorId : undefined}
            onClick={() => input.current?.click()}
          >
            {chosen ? "Ganti berkas" : "Pilih berkas"}
          </button>
          {chosen && (
            <button type="button" className="link-button" disabled={disabled} onClick={remove} aria-label={`Hapus pindaian ${label}`}>
              Hapus
            </button>
          )}
        </div>
        <input
          ref={input}
          type="file"
          accept={SCAN_INPUT_ACCEPT}
          hidden
          aria-label={label}
          onChange={(event) => choose(event.currentTarget.files)}
        />
      </div>
      {state.step === "failed" && (
        <p id={errorId} className="hint hint-error">
          {state.name}: {state.error}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}

/** The uploaded scan: its name, type and size, "terunggah", and a small preview of a photo. */
function ScanChosen({ file }: { file: UploadedFile }) {
  return (
    <div className="scan-chosen">
      {file.contentType.startsWith("image/") && (
        // biome-ignore lint/performance/noImgElement: a private file behind the session; next/image's optimizer cannot fetch it
        <img className="scan-thumb" src={fileDownloadUrl(file.id)} alt="" />
      )}
      <span>
        <span className="file-name">{file.filename}</span>{" "}
        <span className="file-meta">
          {fileTypeLabel(file.contentType)} · {formatBytes(file.size)} · terunggah
        </span>
      </span>
    </div>
  );
}
